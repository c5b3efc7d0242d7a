import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import type {
  JournalInputType,
  Mood,
  PrivacyLevel,
} from '@kaleido/shared/journal/journal.constants';
import type { Db } from '../../db/client';
import { journalEntries, journalEntryTags, journalTags } from '../../db/schema/journal';

// The WHERE clause of a filtered read, shared by the list (journal-search.repository.ts) and the
// exports (journal-export.repository.ts), so both read the same entries for the same filter.

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

export const tsQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/** The conditions of a person's entries matching `filter`. */
export function entryConditions(db: Db, userId: string, filter: EntryFilter): SQL[] {
  const where: SQL[] = [eq(journalEntries.userId, userId)];
  const tz = filter.timezone;
  if (filter.q) where.push(sql`${journalEntries.search} @@ ${tsQuery(filter.q)}`);
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
