import { api } from '../../../lib/api-client';

export interface ActiveSession {
  id: string;
  current: boolean;
  createdAt: string;
  lastActiveAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface SecurityEventEntry {
  id: string;
  createdAt: string;
  event: string;
  timestamp?: string;
  user_agent?: string | null;
  details?: Record<string, unknown>;
}

export const SESSIONS_QUERY_KEY = ['security', 'sessions'] as const;
export const SECURITY_EVENTS_QUERY_KEY = ['security', 'events'] as const;

export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return api.post<{ message: string }>('/api/auth/change-password', body);
}

export async function fetchSessions(): Promise<ActiveSession[]> {
  return (await api.get<{ sessions: ActiveSession[] }>('/api/session/list')).sessions;
}

export function revokeSession(id: string) {
  return api.delete<{ ok: true }>(`/api/session/${encodeURIComponent(id)}`);
}

export async function fetchSecurityEvents(): Promise<SecurityEventEntry[]> {
  return (await api.get<{ events: SecurityEventEntry[] }>('/api/security-events')).events;
}

export function enrollTwoFactor(password: string) {
  return api.post<{ totpURI: string; recoveryCodes: string[] }>('/api/auth/two-factor/enroll', {
    password,
  });
}

export function confirmTwoFactor(code: string) {
  return api.post<{ ok: true }>('/api/auth/two-factor/confirm', { code });
}

export function disableTwoFactor(password: string) {
  return api.post<{ ok: true }>('/api/auth/two-factor/disable', { password });
}
