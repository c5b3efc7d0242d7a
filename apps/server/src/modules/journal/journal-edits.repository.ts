import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { journalEntries, journalEntryVersions } from '../../db/schema/journal';
import { entryColumns, type EntryChanges, type JournalEntryRow } from './journal-rows';
import { setEntryTags, tagsOfEntries } from './journal-tags.repository';

export type JournalEditsRepository = ReturnType<typeof createJournalEditsRepository>;

/** A person's edits of an entry: each keeps the entry as it was, and the history lists them. */
export function createJournalEditsRepository(db: Db) {
  return {
    /**
     * Saves the entry as it was into its history, then applies the edit, in one transaction so
     * two tabs saving at once each leave their own version.
     */
    async update(
      entry: JournalEntryRow,
      changes: EntryChanges,
      tags: string[] | undefined,
      at: Date,
      keepVersion: boolean,
    ): Promise<JournalEntryRow | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select(entryColumns)
          .from(journalEntries)
          .where(eq(journalEntries.id, entry.id))
          .for('update');
        if (!current) return null;
        if (keepVersion) {
          const previousTags = (await tagsOfEntries(tx, [current.id])).get(current.id) ?? [];
          await tx.insert(journalEntryVersions).values({
            entryId: current.id,
            userId: current.userId,
            title: current.title,
            content: current.content,
            mood: current.mood,
            privacyLevel: current.privacyLevel,
            tags: previousTags,
            editedAt: at,
          });
        }
        const [updated] = await tx
          .update(journalEntries)
          .set({ ...changes, updatedAt: at })
          .where(eq(journalEntries.id, entry.id))
          .returning(entryColumns);
        if (tags) await setEntryTags(tx, current.userId, current.id, tags);
        return updated ?? null;
      });
    },

    async history(entryId: string) {
      return db
        .select()
        .from(journalEntryVersions)
        .where(eq(journalEntryVersions.entryId, entryId))
        .orderBy(desc(journalEntryVersions.editedAt), desc(journalEntryVersions.id));
    },
  };
}
