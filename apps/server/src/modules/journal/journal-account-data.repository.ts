import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  journalDrafts,
  journalEntries,
  journalEntryVersions,
  journalTags,
} from '../../db/schema/journal';
import { entryColumns } from './journal-rows';
import { createJournalTagsRepository, tagsOfEntries } from './journal-tags.repository';

export type JournalAccountDataRepository = ReturnType<typeof createJournalAccountDataRepository>;

/** A person's whole journal at once: read for the account export, removed for "delete my data". */
export function createJournalAccountDataRepository(db: Db) {
  return {
    /** For the account export: everything, with tags and history. */
    async everythingOf(userId: string) {
      const [entries, versions, tags, drafts] = await Promise.all([
        db
          .select(entryColumns)
          .from(journalEntries)
          .where(eq(journalEntries.userId, userId))
          .orderBy(asc(journalEntries.createdAt)),
        db
          .select()
          .from(journalEntryVersions)
          .where(eq(journalEntryVersions.userId, userId))
          .orderBy(asc(journalEntryVersions.editedAt)),
        createJournalTagsRepository(db).withCounts(userId),
        db.select().from(journalDrafts).where(eq(journalDrafts.userId, userId)),
      ]);
      return {
        entries,
        versions,
        tags,
        drafts,
        entryTags: await tagsOfEntries(
          db,
          entries.map((e) => e.id),
        ),
      };
    },

    /** "Delete my data": entries (their tags and history cascade), tags, drafts; audio file ids. */
    async deleteDataOf(userId: string) {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(journalEntries)
          .where(eq(journalEntries.userId, userId))
          .returning({ fileId: journalEntries.audioFileId });
        await tx.delete(journalTags).where(eq(journalTags.userId, userId));
        await tx.delete(journalDrafts).where(eq(journalDrafts.userId, userId));
        return removed.flatMap((r) => (r.fileId ? [r.fileId] : []));
      });
    },
  };
}
