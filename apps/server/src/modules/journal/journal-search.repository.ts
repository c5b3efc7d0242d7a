import { and, desc, inArray, sql } from 'drizzle-orm';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import { rowsOf, type Db } from '../../db/client';
import { journalEntries } from '../../db/schema/journal';
import { entryConditions, tsQuery, type EntryFilter } from './journal-entry-filter';
import { entryColumns } from './journal-rows';

/** Where the next page starts: after an entry (newest first), or after N ranked hits. */
export type PagePosition = { after: { createdAt: Date; id: string } } | { offset: number };

// Matches are wrapped in control characters the service turns into <mark> after escaping HTML,
// so no text of the entry can ever become markup.
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

/** How many of the newest matches a search ranks (see `list`). */
export const SEARCH_CANDIDATES = 1000;

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

export type JournalSearchRepository = ReturnType<typeof createJournalSearchRepository>;

/** What the journal screen reads: the timeline by filter and words, and the calendar month. */
export function createJournalSearchRepository(db: Db) {
  /** The query as PostgreSQL parses it (stemmed, stop words gone), e.g. 'walk' <-> 'river'. */
  async function parsed(q: string): Promise<string> {
    const rows = rowsOf<{ parsed: string }>(
      await db.execute(sql`select ${tsQuery(q)}::text as parsed`),
    );
    return rows[0]?.parsed ?? '';
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
      const where = entryConditions(db, userId, { ...filter, wordPairs });
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
      const rank = sql<number>`ts_rank(${journalEntries.search}, ${tsQuery(q)})`;
      // ts_headline is costly: PostgreSQL computes it after the sort, for the page's rows only.
      const highlight = sql<string>`ts_headline('english', coalesce(nullif(${journalEntries.content}, ''), ${journalEntries.transcript}, ${journalEntries.title}), ${tsQuery(q)}, ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxFragments=2, MaxWords=30, MinWords=10`})`;
      return db
        .select({ entry: entryColumns, rank, highlight })
        .from(journalEntries)
        .where(inArray(journalEntries.id, candidates))
        .orderBy(desc(rank), desc(journalEntries.createdAt), desc(journalEntries.id))
        .limit(limit + 1)
        .offset(offset);
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
