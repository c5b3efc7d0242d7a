import type { RequestContext } from './request-context';

/**
 * What the HTTP and socket layers know of a session. The session module implements
 * `SessionResolver`; infrastructure depends on this interface only, never on the module.
 */
export interface ActiveSession {
  id: string;
  token: string;
  userId: string;
  csrfToken: string;
  lastActiveAt: Date;
  createdAt: Date;
  expiresAt: Date;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

export type SessionState =
  | { kind: 'active'; session: ActiveSession; user: SessionUser }
  | { kind: 'none'; endedReason: 'session_timeout' | null };

export interface SessionResolver {
  /** The request's session, if its cookie names a live one (ends it if idle too long). */
  resolve(context: RequestContext): Promise<SessionState>;
  /** Counts a request as activity (resets the idle clock). */
  touch(session: ActiveSession): Promise<void>;
}
