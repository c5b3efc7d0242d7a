import type { SessionResolver } from '../http/session-state';
import type { RoomEvent } from './event-bus';
import type { Connection } from './realtime-connection';
import { userRoom } from './rooms';

/** After the deadline, so the session check sees the session as ended, not a millisecond early. */
const DEADLINE_SLACK_MS = 25;
/** A database error at the deadline is retried this much later. */
const DEADLINE_RETRY_MS = 5_000;
/** setTimeout's ceiling (about 24.8 days); a longer session simply re-arms on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Each socket closes the moment its session ends (idle, absolute expiry, or revoked): a timer
 * per socket at the session's next deadline, and a re-read of the session when it fires.
 */
export function createSessionDeadlines(deps: {
  sessions: Pick<SessionResolver, 'resolve'>;
  idleMs: number;
  now: () => Date;
  /** Whether the gateway still holds the socket (it may have closed meanwhile). */
  isOpen: (connection: Connection) => boolean;
  /** Tells the socket its session ended, closes and drops it. */
  end: (connection: Connection, event: RoomEvent<'session.ended'>) => void;
}) {
  /**
   * Arms the socket's timer for the moment its session ends: the idle timeout after the last
   * activity, or the absolute expiry, whichever comes first. Activity meanwhile (HTTP requests
   * of the same session) moves the idle deadline; the check at the deadline sees it and re-arms.
   */
  function armDeadline(connection: Connection, session: { lastActiveAt: Date; expiresAt: Date }) {
    connection.expiresAt = session.expiresAt.getTime();
    const endsAt = Math.min(connection.expiresAt, session.lastActiveAt.getTime() + deps.idleMs);
    const delay = Math.max(0, endsAt - deps.now().getTime()) + DEADLINE_SLACK_MS;
    clearTimeout(connection.deadline);
    connection.deadline = setTimeout(() => checkSession(connection), Math.min(delay, MAX_TIMER_MS));
    connection.deadline.unref();
  }

  /** Re-reads the session: still active → wait for its next deadline; ended → close the socket. */
  function checkSession(connection: Connection) {
    if (!deps.isOpen(connection)) return;
    deps.sessions
      .resolve({
        ip: connection.ip,
        userAgent: connection.userAgent,
        headers: { cookie: connection.cookie },
      })
      .then((state) => {
        if (!deps.isOpen(connection)) return;
        if (state.kind === 'active') return armDeadline(connection, state.session);
        const expired =
          state.endedReason === 'session_timeout' || deps.now().getTime() >= connection.expiresAt;
        deps.end(connection, {
          room: userRoom(connection.userId),
          name: 'session.ended',
          data: {
            reason: expired ? 'session_timeout' : 'revoked',
            sessionId: connection.sessionId,
          },
        });
      })
      .catch(() => {
        if (!deps.isOpen(connection)) return;
        clearTimeout(connection.deadline);
        connection.deadline = setTimeout(() => checkSession(connection), DEADLINE_RETRY_MS);
        connection.deadline.unref();
      });
  }

  return { armDeadline, checkSession };
}
