import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consentLogs } from '../../db/schema/accounts';

export type SecurityEventsRepository = ReturnType<typeof createSecurityEventsRepository>;

export function createSecurityEventsRepository(db: Db) {
  return {
    async insert(row: { userId: string; metadata: Record<string, unknown> }): Promise<void> {
      await db.insert(consentLogs).values({
        userId: row.userId,
        consentType: 'security_event',
        granted: true,
        metadata: row.metadata,
      });
    },

    /** Whether the account has signed in before, and whether from this user agent. */
    async priorLogins(userId: string, userAgent: string | null) {
      const rows = await db
        .select({
          sameAgent: sql<
            boolean | null
          >`bool_or(${consentLogs.metadata}->>'user_agent' is not distinct from ${userAgent})`,
        })
        .from(consentLogs)
        .where(
          and(
            eq(consentLogs.userId, userId),
            sql`${consentLogs.metadata}->>'event' = 'user_login'`,
          ),
        );
      const sameAgent = rows[0]?.sameAgent;
      return { any: sameAgent !== null && sameAgent !== undefined, sameAgent: sameAgent === true };
    },

    async listForUser(userId: string, limit: number) {
      return db
        .select()
        .from(consentLogs)
        .where(and(eq(consentLogs.userId, userId), eq(consentLogs.consentType, 'security_event')))
        .orderBy(desc(consentLogs.createdAt))
        .limit(limit);
    },
  };
}
