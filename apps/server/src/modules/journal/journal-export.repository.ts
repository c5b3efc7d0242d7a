import { and, asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { journalEntries } from '../../db/schema/journal';
import { entryConditions, type EntryFilter } from './journal-entry-filter';
import { entryColumns } from './journal-rows';

/** Rows per read of an export (about 250 KB of long entries). */
const EXPORT_PAGE = 25;

export type JournalExportRepository = ReturnType<typeof createJournalExportRepository>;

/** A date range of entries as the Markdown and PDF exports read it, and its size beforehand. */
export function createJournalExportRepository(db: Db) {
  return {
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
          .where(and(...entryConditions(db, userId, filter)))
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
        .where(and(...entryConditions(db, userId, filter)))
        .orderBy(asc(journalEntries.createdAt), asc(journalEntries.id))
        .limit(5000)
        .as('rows');
      const [total] = await db
        .select({ bytes: sql<string>`coalesce(sum(${rows.bytes}), 0)::text` })
        .from(rows);
      return Number(total?.bytes ?? 0);
    },
  };
}
