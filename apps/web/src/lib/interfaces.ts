import type { SessionInfo } from '@kaleido/shared/auth/auth.schemas';
import type { Role } from '@kaleido/shared/roles/roles';
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
