import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema/platform';

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

export function createOutboxRepository(db: Db) {
  return {
    async insert(row: { to: string; subject: string; text: string; html?: string | undefined }) {
      await db.insert(outboxEmails).values(row);
    },
    async listNewestFirst(limit: number) {
      return db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit);
    },
  };
}
