import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { RequestContext } from '../../http/request-context';
import type { ActiveSession, SessionState } from '../../http/session-state';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import type { SecurityEventsService } from '../security-events/security-events.service';
import { newCsrfToken } from './csrf-token';
import { readSessionToken, sessionCookieName } from './session-cookie';
import type { SessionRepository } from './session.repository';

/** Implements http/'s `SessionResolver` (resolve, touch): the sessions every request resolves. */
export type SessionService = ReturnType<typeof createSessionService>;

// Writing the activity time on every request would double the writes; 15 s of slack is harmless
// against a 30-minute timeout.
const TOUCH_EVERY_MS = 15_000;

export function createSessionService(deps: {
  sessions: SessionRepository;
  securityEvents: SecurityEventsService;
  config: Config;
  log: FastifyBaseLogger;
  announceEnded: AnnounceSessionEnded;
  /** Signs the session cookie (AUTH_SECRET or the generated one). */
  secret: string;
  /** The idle timeout now, in minutes (the instance's compliance mode may shorten it). */
  idleMinutes?: () => Promise<number>;
  now?: () => Date;
}) {
  const cookieName = sessionCookieName(deps.config);
  const { announceEnded } = deps;
  const now = deps.now ?? (() => new Date());
  const idleMinutes = deps.idleMinutes ?? (() => Promise.resolve(deps.config.SESSION_IDLE_MINUTES));

  return {
    /** The session cookie's name (the browser is told to drop it when a session ends). */
    cookieName,

    /** The idle timeout now, in minutes. */
    idleMinutes,

    /**
     * The request's session, if its cookie names a live one. better-auth checks the signature
     * and absolute expiry; the idle timeout is ours: a session idle too long is ended here and
     * logged as `session_timeout`, so a stolen cookie dies with the idle browser.
     */
    async resolve(context: RequestContext): Promise<SessionState> {
      const token = readSessionToken(context.headers.cookie, cookieName, deps.secret);
      if (!token) return { kind: 'none', endedReason: null };
      const found = await deps.sessions.findByToken(token);
      if (!found) return { kind: 'none', endedReason: null };
      const { session: s, user: u } = found;
      if (s.expiresAt.getTime() <= now().getTime()) {
        await deps.sessions.deleteById(s.id);
        return { kind: 'none', endedReason: null };
      }
      if (now().getTime() - s.lastActiveAt.getTime() > (await idleMinutes()) * 60_000) {
        await deps.sessions.deleteById(s.id);
        await deps.securityEvents.record(s.userId, 'session_timeout', {
          userAgent: context.userAgent,
          details: { last_activity: s.lastActiveAt.toISOString(), enforced_by: 'server' },
        });
        announceEnded(s.userId, { reason: 'session_timeout', sessionId: s.id });
        return { kind: 'none', endedReason: 'session_timeout' };
      }
      return {
        kind: 'active',
        session: {
          id: s.id,
          token: s.token,
          userId: s.userId,
          csrfToken: s.csrfToken,
          lastActiveAt: s.lastActiveAt,
          createdAt: s.createdAt,
          expiresAt: s.expiresAt,
        },
        user: {
          id: u.id,
          email: u.email,
          name: u.name,
          emailVerified: u.emailVerified,
          twoFactorEnabled: u.twoFactorEnabled,
        },
      };
    },

    async endForInactivity(
      session: ActiveSession,
      lastActivityAt: string,
      context: RequestContext,
    ): Promise<void> {
      await deps.sessions.deleteById(session.id);
      await deps.securityEvents.record(session.userId, 'session_timeout', {
        userAgent: context.userAgent,
        details: { last_activity: lastActivityAt, enforced_by: 'browser' },
      });
      announceEnded(session.userId, { reason: 'session_timeout', sessionId: session.id });
    },

    /** Counts a request as activity (resets the idle clock). */
    async touch(session: ActiveSession): Promise<void> {
      const at = now();
      if (at.getTime() - session.lastActiveAt.getTime() < TOUCH_EVERY_MS) return;
      await deps.sessions.touch(session.id, at);
    },

    /** The spec's session refresh: resets the activity clock and issues a new anti-forgery token. */
    async refresh(session: ActiveSession): Promise<string> {
      const token = newCsrfToken();
      await deps.sessions.rotateCsrf(session.id, token, now());
      return token;
    },

    /** When the user last did something in any session (notification mail waits for absence). */
    lastActivityOf: (userId: string) => deps.sessions.lastActivityOf(userId),

    /**
     * Housekeeping: drop sessions past their absolute lifetime. Idle ones are left for `resolve`,
     * which logs their timeout when the browser comes back.
     */
    async sweep(): Promise<void> {
      await deps.sessions.deleteExpired(now());
    },

    /** Runs `sweep` every `ms` until the returned function is called. */
    sweepEvery(ms: number): () => void {
      const timer = setInterval(() => {
        this.sweep().catch((error: unknown) =>
          deps.log.warn({ err: error }, 'session sweep failed'),
        );
      }, ms);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
