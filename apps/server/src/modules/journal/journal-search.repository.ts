import { and, asc, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  JournalInputType,
  Mood,
  PrivacyLevel,
} from '@kaleido/shared/journal/journal.constants';
import { rowsOf, type Db } from '../../db/client';
import { journalEntries, journalEntryTags, journalTags } from '../../db/schema/journal';
import { entryColumns } from './journal-rows';

/** A date bound: a calendar day in the user's timezone, or an exact instant. */
export type Bound = { day: string } | { instant: Date };

/** Rows per read of an export (about 250 KB of long entries). */
const EXPORT_PAGE = 25;

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

/** Reading entries by filter, words and date: the list, the exports' ranges, the calendar. */
export function createJournalSearchRepository(db: Db) {
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

  return {
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

    /**
     * Everything in a range, oldest first, at most 5,000 (the Markdown and PDF exports). Read in
     * pages of 25 with an await between them: on the embedded database a read runs on the event
     * loop, and one read of megabytes would hold every other request for its whole length.
     */
    async inRange(userId: string, filter: EntryFilter) {
      const rows = [];
      // By offset: a timestamp cursor would lose its microseconds on the way through a Date.
      for (;;) {
        const limit = Math.min(EXPORT_PAGE, 5000 - rows.length);
        const page = await db
          .select(entryColumns)
          .from(journalEntries)
          .where(and(...conditions(userId, filter)))
          .orderBy(asc(journalEntries.createdAt), asc(journalEntries.id))
          .limit(limit)
          .offset(rows.length);
        rows.push(...page);
        if (page.length < limit || rows.length >= 5000) return rows;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },

    /**
     * UTF-8 bytes of the titles and words `inRange` would return, counted in the database: a
     * PDF over its cap is refused without reading 5,000 entries onto the event loop.
     */
    async textBytesInRange(userId: string, filter: EntryFilter): Promise<number> {
      const rows = db
        .select({
          bytes:
            sql<number>`octet_length(${journalEntries.title}) + octet_length(coalesce(${journalEntries.content}, ''))`.as(
              'bytes',
            ),
        })
        .from(journalEntries)
        .where(and(...conditions(userId, filter)))
        .orderBy(asc(journalEntries.createdAt), asc(journalEntries.id))
        .limit(5000)
        .as('rows');
      const [total] = await db
        .select({ bytes: sql<string>`coalesce(sum(${rows.bytes}), 0)::text` })
        .from(rows);
      return Number(total?.bytes ?? 0);
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
  };
}
