import type { SessionInfo } from '@kaleido/shared/auth/auth.schemas';
import type { Role } from '@kaleido/shared/roles/roles';
import { FileText, Inbox, Users, type LucideIcon } from 'lucide-react';
import { api } from './api-client';

/** Where each interface starts (DESIGN §7: Switch View targets). */
export const INTERFACE_HOME: Record<Role, string> = {
  user: '/app/dashboard',
  client: '/client',
  admin: '/admin',
};

/** Switch View's links as the spec names them; /dashboard is an alias of /app/dashboard. */
export const SWITCH_VIEW_TARGET: Record<Role, string> = {
  user: '/dashboard',
  client: '/client',
  admin: '/admin',
};

/** One page of the client interface, as its navigation lists it. */
export interface ClientPage {
  label: string;
  path: string;
  icon: LucideIcon;
  /** Paths that are this page too (a person's page belongs to People). */
  alsoMatches?: RegExp;
}

/**
 * The client interface's own pages (issue 25 item 1): the professional's home is People, and the
 * sidebar and the command palette list all three for whoever works in the client interface.
 */
export const CLIENT_PAGES: readonly ClientPage[] = [
  {
    label: 'People',
    path: '/client',
    icon: Users,
    alsoMatches: /^\/client\/(dashboard|people)(\/|$)/,
  },
  { label: 'Requests', path: '/client/requests', icon: Inbox },
  { label: 'Reports', path: '/client/reports', icon: FileText },
];

export function isCurrentClientPage(page: ClientPage, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === page.path || (page.alsoMatches?.test(path) ?? false);
}

/**
 * Where a signed-in person lands (after sign-in, and from `/`): a professional's home is the
 * client interface (issue 25 item 1, which changes SPEC §2's "/app/dashboard" for them; decision
 * 048); everyone else, admins in the admin or user interface included, lands on the dashboard.
 */
export function landingPath(session: SessionInfo): string {
  return effectiveInterface(session) === 'client' ? INTERFACE_HOME.client : INTERFACE_HOME.user;
}

/** The interface a signed-in person works in: their role, or an admin's selected interface. */
export function effectiveInterface(session: SessionInfo): Role {
  const role = session.role ?? 'user';
  if (role !== 'admin') return role;
  return session.profile?.selectedInterface ?? 'user';
}

/** Saves an admin's interface (PATCH /api/profile/selected-interface). */
export async function saveSelectedInterface(selectedInterface: Role): Promise<void> {
  await api.patch('/api/profile/selected-interface', { selectedInterface });
}
