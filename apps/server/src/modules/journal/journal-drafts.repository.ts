import { and, eq } from 'drizzle-orm';
import type { JournalDraftBody } from '@kaleido/shared/journal/journal.schemas';
import type { Db } from '../../db/client';
import { journalDrafts } from '../../db/schema/journal';

/** Autosaved drafts: one per person per key ('new' or an entry id). */
export function createJournalDraftsRepository(db: Db) {
  return {
    async save(userId: string, entryKey: string, draft: JournalDraftBody, at: Date) {
      const [saved] = await db
        .insert(journalDrafts)
        .values({ userId, entryKey, draft, updatedAt: at })
        .onConflictDoUpdate({
          target: [journalDrafts.userId, journalDrafts.entryKey],
          set: { draft, updatedAt: at },
        })
        .returning();
      if (!saved) throw new Error('draft upsert returned no row');
      return saved;
    },

    async find(userId: string, entryKey: string) {
      const rows = await db
        .select()
        .from(journalDrafts)
        .where(and(eq(journalDrafts.userId, userId), eq(journalDrafts.entryKey, entryKey)))
        .limit(1);
      return rows[0] ?? null;
    },

    async delete(userId: string, entryKey: string) {
      await db
        .delete(journalDrafts)
        .where(and(eq(journalDrafts.userId, userId), eq(journalDrafts.entryKey, entryKey)));
    },
  };
}

export type JournalDraftsRepository = ReturnType<typeof createJournalDraftsRepository>;
