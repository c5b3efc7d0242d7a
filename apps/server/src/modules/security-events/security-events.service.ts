import type { FastifyBaseLogger } from 'fastify';
import type { SecurityEvent } from '@kaleido/shared/security-events/security-events';
import type { SecurityEventsRepository } from './security-events.repository';

export type SecurityEventsService = ReturnType<typeof createSecurityEventsService>;

/**
 * Records security events in the spec's shape: metadata { event, timestamp, user_agent, details }.
 * As in the spec, a failure to record is logged and never fails the user's request.
 */
export function createSecurityEventsService(
  repository: SecurityEventsRepository,
  log: FastifyBaseLogger,
) {
  return {
    async record(
      userId: string,
      event: SecurityEvent,
      context: { userAgent?: string | undefined; details?: Record<string, unknown> },
    ): Promise<void> {
      try {
        await repository.insert({
          userId,
          metadata: {
            event,
            timestamp: new Date().toISOString(),
            user_agent: context.userAgent ?? null,
            details: context.details ?? {},
          },
        });
      } catch (error) {
        log.error({ err: error, event, userId }, 'failed to record security event');
      }
    },

    /**
     * Before a sign-in is recorded: whether it is the account's first (`firstSignIn`), and whether
     * it comes from a device the account has not signed in from before (`newDevice`; never the first).
     */
    async signInNovelty(
      userId: string,
      userAgent: string | undefined,
    ): Promise<{ firstSignIn: boolean; newDevice: boolean }> {
      const prior = await repository.priorLogins(userId, userAgent ?? null);
      return { firstSignIn: !prior.any, newDevice: prior.any && !prior.sameAgent };
    },

    async recent(userId: string, limit = 50) {
      const rows = await repository.listForUser(userId, limit);
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        ...row.metadata,
      }));
    },
  };
}
