import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { journalDrafts, journalEntries } from '../../db/schema/journal';
import {
  entryColumns,
  type EntryChanges,
  type JournalEntryRow,
  type NewJournalEntry,
} from './journal-rows';
import { setEntryTags, tagsOfEntries } from './journal-tags.repository';

export type { EntryChanges, JournalEntryRow, NewJournalEntry } from './journal-rows';

/**
 * Entries one at a time: written, found, transcribed, analysed, deleted. Edits that keep a
 * version are journal-edits.repository.ts; lists and search, journal-search.repository.ts.
 */
export function createJournalRepository(db: Db) {
  return {
    async insert(row: NewJournalEntry, tags: string[], at: Date): Promise<JournalEntryRow> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(journalEntries)
          .values({ ...row, createdAt: at, updatedAt: at })
          .returning(entryColumns);
        if (!inserted) throw new Error('journal entry insert returned no row');
        await setEntryTags(tx, row.userId, inserted.id, tags);
        return inserted;
      });
    },

    /**
     * An entry with the client's key (N18): null when this person already has an entry with
     * that key (a retry, or a race with one), which `findByClientKey` then answers.
     */
    async insertKeyed(
      row: NewJournalEntry & { clientKey: string },
      tags: string[],
      at: Date,
    ): Promise<JournalEntryRow | null> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(journalEntries)
          .values({ ...row, createdAt: at, updatedAt: at })
          .onConflictDoNothing({ target: [journalEntries.userId, journalEntries.clientKey] })
          .returning(entryColumns);
        if (!inserted) return null;
        await setEntryTags(tx, row.userId, inserted.id, tags);
        return inserted;
      });
    },

    async findByClientKey(userId: string, clientKey: string): Promise<JournalEntryRow | null> {
      const rows = await db
        .select(entryColumns)
        .from(journalEntries)
        .where(and(eq(journalEntries.userId, userId), eq(journalEntries.clientKey, clientKey)))
        .limit(1);
      return rows[0] ?? null;
    },

    async find(id: string): Promise<JournalEntryRow | null> {
      const rows = await db
        .select(entryColumns)
        .from(journalEntries)
        .where(eq(journalEntries.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    tagsOf: (entryIds: string[]) => tagsOfEntries(db, entryIds),

    /** Every entry id of a person (analysis catching up). */
    async idsOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(eq(journalEntries.userId, userId));
      return rows.map((r) => r.id);
    },

    /**
     * Merges derived keys into emotional_state (dropping `remove` first) without touching
     * updated_at or the history: analysis is not an edit.
     */
    async setEmotionalState(
      id: string,
      state: Record<string, string | number | boolean>,
      remove: readonly string[],
    ) {
      await db
        .update(journalEntries)
        .set({
          emotionalState: sql`(${journalEntries.emotionalState} - ${sql.param([...remove])}::text[]) || ${JSON.stringify(state)}::jsonb`,
        })
        .where(eq(journalEntries.id, id));
    },

    /** For the speech callback: no version, no touch of a person's words. */
    async setTranscript(id: string, changes: EntryChanges, at: Date) {
      const [updated] = await db
        .update(journalEntries)
        .set({ ...changes, updatedAt: at })
        .where(eq(journalEntries.id, id))
        .returning(entryColumns);
      return updated ?? null;
    },

    async delete(id: string, userId: string) {
      await db.delete(journalEntries).where(eq(journalEntries.id, id));
      await db
        .delete(journalDrafts)
        .where(and(eq(journalDrafts.userId, userId), eq(journalDrafts.entryKey, id)));
    },
  };
}

export type JournalRepository = ReturnType<typeof createJournalRepository>;
