import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { journalEntryTags, journalTags } from '../../db/schema/journal';

/**
 * The ids of these tag names for a person, creating the missing ones (names are unique per
 * person in any case). Takes a transaction or the database.
 */
export async function ensureTags(executor: Db, userId: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  await executor
    .insert(journalTags)
    .values(names.map((name) => ({ userId, name })))
    .onConflictDoNothing();
  const lowered = names.map((n) => n.toLowerCase());
  const rows = await executor
    .select({ id: journalTags.id })
    .from(journalTags)
    .where(and(eq(journalTags.userId, userId), inArray(sql`lower(${journalTags.name})`, lowered)));
  return rows.map((r) => r.id);
}

/** Gives an entry exactly these tags (created as needed). Takes a transaction or the database. */
export async function setEntryTags(executor: Db, userId: string, entryId: string, names: string[]) {
  const ids = await ensureTags(executor, userId, names);
  await executor.delete(journalEntryTags).where(eq(journalEntryTags.entryId, entryId));
  if (ids.length > 0)
    await executor
      .insert(journalEntryTags)
      .values(ids.map((tagId) => ({ entryId, tagId })))
      .onConflictDoNothing();
}

/** The tag names of each entry, alphabetical. Takes a transaction or the database. */
export async function tagsOfEntries(executor: Db, entryIds: string[]) {
  if (entryIds.length === 0) return new Map<string, string[]>();
  const rows = await executor
    .select({ entryId: journalEntryTags.entryId, name: journalTags.name })
    .from(journalEntryTags)
    .innerJoin(journalTags, eq(journalTags.id, journalEntryTags.tagId))
    .where(inArray(journalEntryTags.entryId, entryIds))
    .orderBy(asc(journalTags.name));
  const byEntry = new Map<string, string[]>();
  for (const row of rows) byEntry.set(row.entryId, [...(byEntry.get(row.entryId) ?? []), row.name]);
  return byEntry;
}

/** A person's tags as things of their own: counted, renamed, merged, removed. */
export function createJournalTagsRepository(db: Db) {
  return {
    async withCounts(userId: string) {
      return db
        .select({
          id: journalTags.id,
          name: journalTags.name,
          count: sql<number>`count(${journalEntryTags.entryId})::int`,
        })
        .from(journalTags)
        .leftJoin(journalEntryTags, eq(journalEntryTags.tagId, journalTags.id))
        .where(eq(journalTags.userId, userId))
        .groupBy(journalTags.id)
        .orderBy(asc(sql`lower(${journalTags.name})`));
    },

    async find(id: string) {
      const rows = await db.select().from(journalTags).where(eq(journalTags.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async findByName(userId: string, name: string) {
      const rows = await db
        .select()
        .from(journalTags)
        .where(
          and(eq(journalTags.userId, userId), sql`lower(${journalTags.name}) = lower(${name})`),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async create(userId: string, name: string) {
      await ensureTags(db, userId, [name]);
    },

    async rename(id: string, name: string) {
      await db.update(journalTags).set({ name }).where(eq(journalTags.id, id));
    },

    /** Every entry tagged `fromId` gets `intoId` instead; `fromId` goes. */
    async merge(fromId: string, intoId: string) {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into journal_entry_tags (entry_id, tag_id)
              select entry_id, ${intoId}::uuid from journal_entry_tags where tag_id = ${fromId}::uuid
              on conflict do nothing`,
        );
        await tx.delete(journalTags).where(eq(journalTags.id, fromId));
      });
    },

    async delete(id: string) {
      await db.delete(journalTags).where(eq(journalTags.id, id));
    },
  };
}

export type JournalTagsRepository = ReturnType<typeof createJournalTagsRepository>;
