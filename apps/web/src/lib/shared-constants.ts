/**
 * Values of @kaleido/shared that the browser needs. They are copied, not imported, because the
 * shared modules that hold them also build zod schemas at load time, and zod probes `new Function`
 * (a CSP violation under `default-src 'self'`) and would weigh ~24 KB on every screen.
 * shared-constants.test.ts checks each copy against its source, so they cannot drift.
 * TODO(shared): move these into zod-free modules of packages/shared and import them here.
 */
import type { Role } from '@kaleido/shared/roles/roles';

export const ROLES: readonly Role[] = ['user', 'client', 'admin'];

/** The labels the avatar menu shows for each role (SPEC §2). */
export const ROLE_LABELS: Record<Role, string> = {
  user: 'Self-Awareness',
  client: 'Coach/HR/Psychologist',
  admin: 'System Owner/Researcher',
};

/** Header that carries the anti-forgery token on state-changing requests. */
export const CSRF_HEADER = 'x-csrf-token';

/** SPEC §9: at most 50 notifications, newest first. */
export const NOTIFICATIONS_KEPT = 50;

export const REALTIME_PATH = '/api/realtime';
export const HEARTBEAT_MS = 25_000;
export const CLOSE_CODES = {
  sessionEnded: 4001,
  unauthorized: 4401,
  forbiddenOrigin: 4403,
} as const;
