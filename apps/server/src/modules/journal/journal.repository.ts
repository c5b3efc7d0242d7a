import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  entryColumns,
  type EntryChanges,
  type JournalEntryRow,
  type NewJournalEntry,
} from './journal-rows';
import { createJournalSearchRepository } from './journal-search.repository';
import { createJournalTagsRepository, ensureTags } from './journal-tags.repository';
import {
  journalDrafts,
  journalEntries,
  journalEntryTags,
  journalEntryVersions,
  journalTags,
} from '../../db/schema/journal';

export type { EntryChanges, JournalEntryRow, NewJournalEntry } from './journal-rows';

export function createJournalRepository(db: Db) {
  async function setTags(executor: Db, userId: string, entryId: string, names: string[]) {
    const ids = await ensureTags(executor, userId, names);
    await executor.delete(journalEntryTags).where(eq(journalEntryTags.entryId, entryId));
    if (ids.length > 0)
      await executor
        .insert(journalEntryTags)
        .values(ids.map((tagId) => ({ entryId, tagId })))
        .onConflictDoNothing();
  }

  async function tagsOf(executor: Db, entryIds: string[]) {
    if (entryIds.length === 0) return new Map<string, string[]>();
    const rows = await executor
      .select({ entryId: journalEntryTags.entryId, name: journalTags.name })
      .from(journalEntryTags)
      .innerJoin(journalTags, eq(journalTags.id, journalEntryTags.tagId))
      .where(inArray(journalEntryTags.entryId, entryIds))
      .orderBy(asc(journalTags.name));
    const byEntry = new Map<string, string[]>();
    for (const row of rows)
      byEntry.set(row.entryId, [...(byEntry.get(row.entryId) ?? []), row.name]);
    return byEntry;
  }

  return {
    // Listing and search live beside, in their own file; the service sees one repository.
    ...createJournalSearchRepository(db),

    async insert(row: NewJournalEntry, tags: string[], at: Date): Promise<JournalEntryRow> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(journalEntries)
          .values({ ...row, createdAt: at, updatedAt: at })
          .returning(entryColumns);
        if (!inserted) throw new Error('journal entry insert returned no row');
        await setTags(tx, row.userId, inserted.id, tags);
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
        await setTags(tx, row.userId, inserted.id, tags);
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

    tagsOf: (entryIds: string[]) => tagsOf(db, entryIds),

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
          const previousTags = (await tagsOf(tx, [current.id])).get(current.id) ?? [];
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
        if (tags) await setTags(tx, current.userId, current.id, tags);
        return updated ?? null;
      });
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

    async history(entryId: string) {
      return db
        .select()
        .from(journalEntryVersions)
        .where(eq(journalEntryVersions.entryId, entryId))
        .orderBy(desc(journalEntryVersions.editedAt), desc(journalEntryVersions.id));
    },

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
        entryTags: await tagsOf(
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

export type JournalRepository = ReturnType<typeof createJournalRepository>;
