import type { RequestContext } from '../../http/request-context';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type { SessionRepository } from './session.repository';

export type SessionList = ReturnType<typeof createSessionList>;

/** A person's own sessions: the list on the security page, and ending one of them. */
export function createSessionList(deps: {
  sessions: SessionRepository;
  securityEvents: Pick<SecurityEventsService, 'record'>;
  announceEnded: AnnounceSessionEnded;
  now: () => Date;
}) {
  const { announceEnded, now } = deps;

  return {
    async listForUser(userId: string, currentId: string) {
      const rows = await deps.sessions.listActiveForUser(userId, now());
      return rows.map((row) => ({
        id: row.id,
        current: row.id === currentId,
        createdAt: row.createdAt.toISOString(),
        lastActiveAt: row.lastActiveAt.toISOString(),
        ipAddress: row.ipAddress,
        userAgent: row.userAgent,
      }));
    },

    async revoke(userId: string, sessionId: string, context: RequestContext): Promise<boolean> {
      const removed = await deps.sessions.deleteOneForUser(userId, sessionId);
      if (removed) {
        await deps.securityEvents.record(userId, 'session_revoked', {
          userAgent: context.userAgent,
          details: { session_id: sessionId },
        });
        announceEnded(userId, { reason: 'revoked', sessionId });
      }
      return removed;
    },
  };
}
