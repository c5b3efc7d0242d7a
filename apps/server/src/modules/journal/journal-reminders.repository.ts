import { asc, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { journalEntries } from '../../db/schema/journal';

export type JournalRemindersRepository = ReturnType<typeof createJournalRemindersRepository>;

/** What reminders and nudges read: when the person last wrote, and who has an account. */
export function createJournalRemindersRepository(db: Db) {
  return {
    async latestEntryAt(userId: string): Promise<Date | null> {
      const rows = await db
        .select({ createdAt: journalEntries.createdAt })
        .from(journalEntries)
        .where(eq(journalEntries.userId, userId))
        .orderBy(desc(journalEntries.createdAt))
        .limit(1);
      return rows[0]?.createdAt ?? null;
    },

    /** Accounts created after `since` (all with null), oldest first: the sweep's next page. */
    async accountsCreatedAfter(since: Date | null, limit: number) {
      return db
        .select({ id: users.id, createdAt: users.createdAt })
        .from(users)
        .where(since ? gt(users.createdAt, since) : undefined)
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(limit);
    },
  };
}
