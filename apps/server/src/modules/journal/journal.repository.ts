import { and, asc, desc, eq, exists, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  JournalInputType,
  Mood,
  PrivacyLevel,
} from '@kaleido/shared/journal/journal.constants';
import { rowsOf, type Db } from '../../db/client';
import { createJournalTagsRepository, ensureTags } from './journal-tags.repository';
import {
  journalDrafts,
  journalEntries,
  journalEntryTags,
  journalEntryVersions,
  journalTags,
} from '../../db/schema/journal';

// The tsvectors are the database's business: never read back into the app.
const {
  search: _search,
  searchPairs: _searchPairs,
  ...entryColumns
} = getTableColumns(journalEntries);
export type JournalEntryRow = Omit<typeof journalEntries.$inferSelect, 'search' | 'searchPairs'>;
export type NewJournalEntry = Omit<
  typeof journalEntries.$inferInsert,
  'id' | 'search' | 'searchPairs' | 'createdAt' | 'updatedAt'
>;
export type EntryChanges = Partial<
  Pick<
    JournalEntryRow,
    | 'title'
    | 'content'
    | 'mood'
    | 'privacyLevel'
    | 'emotionalState'
    | 'transcript'
    | 'transcriptStatus'
    | 'contentEdited'
    | 'audioFileId'
  >
>;

/** A date bound: a calendar day in the user's timezone, or an exact instant. */
export type Bound = { day: string } | { instant: Date };

export interface EntryFilter {
  timezone: string;
  q?: string | undefined;
  from?: Bound | undefined;
  to?: Bound | undefined;
  mood?: Mood | undefined;
  tag?: string | undefined;
  type?: JournalInputType | undefined;
  privacy?: PrivacyLevel | undefined;
  /** Word pairs the parsed `q` requires (see requiredWordPairs); the repository fills it. */
  wordPairs?: string[] | undefined;
}

/** Where the next page starts: after an entry (newest first), or after N ranked hits. */
export type PagePosition = { after: { createdAt: Date; id: string } } | { offset: number };

// Matches are wrapped in control characters the service turns into <mark> after escaping HTML,
// so no text of the entry can ever become markup.
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

/** How many of the newest matches a search ranks (see `list`). */
export const SEARCH_CANDIDATES = 1000;

const query = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/**
 * The adjacent word pairs a parsed query requires ('walk' <-> 'river' → 'walk_river'), as
 * `search_pairs` stores them; empty when the query has alternatives or exclusions, where a pair
 * may not be required. A phrase of common words then reads a few hundred rows, not every entry.
 */
export function requiredWordPairs(parsed: string): string[] {
  if (/[|!]/.test(parsed)) return [];
  const pairs: string[] = [];
  const adjacent = /'([a-z0-9]+)' <-> (?='([a-z0-9]+)')/g;
  for (let match = adjacent.exec(parsed); match; match = adjacent.exec(parsed))
    pairs.push(`${match[1]}_${match[2]}`);
  return pairs;
}

export function createJournalRepository(db: Db) {
  /** The query as PostgreSQL parses it (stemmed, stop words gone), e.g. 'walk' <-> 'river'. */
  async function parsed(q: string): Promise<string> {
    const rows = rowsOf<{ parsed: string }>(
      await db.execute(sql`select ${query(q)}::text as parsed`),
    );
    return rows[0]?.parsed ?? '';
  }

  function conditions(userId: string, filter: EntryFilter): SQL[] {
    const where: SQL[] = [eq(journalEntries.userId, userId)];
    const tz = filter.timezone;
    if (filter.q) where.push(sql`${journalEntries.search} @@ ${query(filter.q)}`);
    if (filter.wordPairs?.length)
      where.push(
        sql`${journalEntries.searchPairs} @@ ${filter.wordPairs.map((pair) => `'${pair}'`).join(' & ')}::tsquery`,
      );
    if (filter.from)
      where.push(
        'day' in filter.from
          ? sql`${journalEntries.createdAt} >= (${filter.from.day}::date)::timestamp at time zone ${tz}`
          : sql`${journalEntries.createdAt} >= ${filter.from.instant}`,
      );
    if (filter.to)
      where.push(
        'day' in filter.to
          ? sql`${journalEntries.createdAt} < (${filter.to.day}::date + 1)::timestamp at time zone ${tz}`
          : sql`${journalEntries.createdAt} <= ${filter.to.instant}`,
      );
    if (filter.mood) where.push(eq(journalEntries.mood, filter.mood));
    if (filter.type) where.push(eq(journalEntries.inputType, filter.type));
    if (filter.privacy) where.push(eq(journalEntries.privacyLevel, filter.privacy));
    if (filter.tag)
      where.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(journalEntryTags)
            .innerJoin(journalTags, eq(journalTags.id, journalEntryTags.tagId))
            .where(
              and(
                eq(journalEntryTags.entryId, journalEntries.id),
                sql`lower(${journalTags.name}) = lower(${filter.tag})`,
              ),
            ),
        ),
      );
    return where;
  }

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
     * Newest first, or — with words to find — best match first, with the matched passage.
     * Ranking looks at the newest SEARCH_CANDIDATES matches only: a word found in a third of
     * 100,000 entries would otherwise rank 33,000 rows per keystroke (~200 ms on PostgreSQL, see
     * bench/journal.ts), and in a journal the recent matches are the ones people look for.
     * Returns one row more than asked so the caller knows whether another page exists.
     */
    async list(userId: string, filter: EntryFilter, position: PagePosition | null, limit: number) {
      const { q } = filter;
      const wordPairs = q && /["-]/.test(q) ? requiredWordPairs(await parsed(q)) : [];
      const where = conditions(userId, { ...filter, wordPairs });
      if (!q && position && 'after' in position)
        where.push(
          sql`(${journalEntries.createdAt}, ${journalEntries.id}) < (${position.after.createdAt}, ${position.after.id}::uuid)`,
        );
      const offset = position && 'offset' in position ? position.offset : 0;
      if (!q)
        return db
          .select({ entry: entryColumns, rank: sql<number>`0`, highlight: sql<string>`''` })
          .from(journalEntries)
          .where(and(...where))
          .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
          .limit(limit + 1);
      const candidates = db
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(and(...where))
        .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
        .limit(SEARCH_CANDIDATES);
      const rank = sql<number>`ts_rank(${journalEntries.search}, ${query(q)})`;
      // ts_headline is costly: PostgreSQL computes it after the sort, for the page's rows only.
      const highlight = sql<string>`ts_headline('english', coalesce(nullif(${journalEntries.content}, ''), ${journalEntries.transcript}, ${journalEntries.title}), ${query(q)}, ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxFragments=2, MaxWords=30, MinWords=10`})`;
      return db
        .select({ entry: entryColumns, rank, highlight })
        .from(journalEntries)
        .where(inArray(journalEntries.id, candidates))
        .orderBy(desc(rank), desc(journalEntries.createdAt), desc(journalEntries.id))
        .limit(limit + 1)
        .offset(offset);
    },

    /** Everything in a range, oldest first (the Markdown and PDF exports). */
    async inRange(userId: string, filter: EntryFilter) {
      return db
        .select(entryColumns)
        .from(journalEntries)
        .where(and(...conditions(userId, filter)))
        .orderBy(asc(journalEntries.createdAt), asc(journalEntries.id))
        .limit(5000);
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

    /**
     * Days of a month with entries, in the user's timezone: how many, and the mood most of them
     * carry (ties go to the mood named first in SPEC §4's order of the alphabet-free list).
     */
    async calendar(userId: string, month: string, timezone: string) {
      const result = await db.execute(sql`
        select to_char(created_at at time zone ${timezone}, 'YYYY-MM-DD') as date,
               count(*)::int as count,
               mode() within group (order by mood) as mood
        from journal_entries
        where user_id = ${userId}
          and created_at >= (${month + '-01'}::date)::timestamp at time zone ${timezone}
          and created_at < ((${month + '-01'}::date + interval '1 month')::timestamp at time zone ${timezone})
        group by 1
        order by 1`);
      return rowsOf<{ date: string; count: number; mood: Mood }>(result);
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
