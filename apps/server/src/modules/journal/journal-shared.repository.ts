import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PrivacyLevel } from '@kaleido/shared/journal/journal.constants';
import type { Db } from '../../db/client';
import { UUID, within, type Period } from '../../db/period';
import { journalEntries } from '../../db/schema/journal';

/** What another module (care) may ask of a person's entries; the SQL stays here. */
export type JournalSharedReads = ReturnType<typeof createJournalSharedReads>;

/** Privacy levels are looked up this many entries per statement (a year of analysed items). */
const LEVELS_PER_QUERY = 1000;

/**
 * What the journal offers another reader of a person's entries: their moods (never the text),
 * the entries they marked "Shared with clients", and each entry's privacy level. Whether a reader
 * may have any of it is that reader's policy (care-policy.ts), not the journal's.
 */
export function createJournalSharedReads(db: Db) {
  return {
    /** The person's moods, newest first (only the mood and the date: never the text). */
    async moods(personId: string, limit: number, period?: Period) {
      return db
        .select({ mood: journalEntries.mood, createdAt: journalEntries.createdAt })
        .from(journalEntries)
        .where(and(eq(journalEntries.userId, personId), within(journalEntries.createdAt, period)))
        .orderBy(desc(journalEntries.createdAt))
        .limit(limit);
    },

    /** Entries the person marked "Shared with clients", newest first. */
    async sharedEntries(personId: string, limit: number, period?: Period) {
      return db
        .select({
          id: journalEntries.id,
          title: journalEntries.title,
          content: journalEntries.content,
          mood: journalEntries.mood,
          privacyLevel: journalEntries.privacyLevel,
          createdAt: journalEntries.createdAt,
        })
        .from(journalEntries)
        .where(
          and(
            eq(journalEntries.userId, personId),
            eq(journalEntries.privacyLevel, 'shared_with_clients'),
            within(journalEntries.createdAt, period),
          ),
        )
        .orderBy(desc(journalEntries.createdAt))
        .limit(limit);
    },

    /**
     * The ids and current titles of the person's entries marked "Shared with clients"; `ids`:
     * only among these (an id that is no uuid names none).
     */
    async sharedTitles(personId: string, ids?: readonly string[]) {
      const among = ids?.filter((id) => UUID.test(id));
      if (among?.length === 0) return [];
      return db
        .select({ id: journalEntries.id, title: journalEntries.title })
        .from(journalEntries)
        .where(
          and(
            eq(journalEntries.userId, personId),
            eq(journalEntries.privacyLevel, 'shared_with_clients'),
            among ? inArray(journalEntries.id, among) : undefined,
          ),
        );
    },

    /** The privacy level of each of these entries of the person; ids naming none are absent. */
    async privacyLevels(personId: string, ids: readonly string[]) {
      const among = [...new Set(ids.filter((id) => UUID.test(id)))];
      const levels = new Map<string, PrivacyLevel>();
      for (let i = 0; i < among.length; i += LEVELS_PER_QUERY) {
        const rows = await db
          .select({ id: journalEntries.id, privacyLevel: journalEntries.privacyLevel })
          .from(journalEntries)
          .where(
            and(
              eq(journalEntries.userId, personId),
              inArray(journalEntries.id, among.slice(i, i + LEVELS_PER_QUERY)),
            ),
          );
        for (const row of rows) levels.set(row.id, row.privacyLevel);
      }
      return levels;
    },
  };
}
