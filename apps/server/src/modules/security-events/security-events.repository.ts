import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consentLogs } from '../../db/schema/accounts';

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
