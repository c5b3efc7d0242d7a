import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/files';
import { journalDrafts, journalEntries, journalEntryVersions } from '../../db/schema/journal';

export type StorageUsageRepository = ReturnType<typeof createStorageUsageRepository>;

/** Sums are bigint in SQL; a person's bytes fit a double exactly (below 2^53). */
const total = (value: unknown) => Number(value ?? 0);

/**
 * What a person's stored bytes add up to: the sizes of the files they own (every upload path
 * records `size_bytes`), and the UTF-8 length of their journal's words — entries (title,
 * content, transcript), the versions kept of them, and drafts.
 */
export function createStorageUsageRepository(db: Db) {
  return {
    async filesOf(userId: string): Promise<number> {
      const [row] = await db
        .select({ bytes: sql<string>`coalesce(sum(${files.sizeBytes}), 0)::bigint` })
        .from(files)
        .where(eq(files.ownerId, userId));
      return total(row?.bytes);
    },

    async journalTextOf(userId: string): Promise<number> {
      const [entries] = await db
        .select({
          bytes: sql<string>`coalesce(sum(octet_length(${journalEntries.title}) + octet_length(${journalEntries.content}) + coalesce(octet_length(${journalEntries.transcript}), 0)), 0)::bigint`,
        })
        .from(journalEntries)
        .where(eq(journalEntries.userId, userId));
      const [versions] = await db
        .select({
          bytes: sql<string>`coalesce(sum(octet_length(${journalEntryVersions.title}) + octet_length(${journalEntryVersions.content})), 0)::bigint`,
        })
        .from(journalEntryVersions)
        // Through the entries (indexed by person), not a scan of every version.
        .where(
          inArray(
            journalEntryVersions.entryId,
            db
              .select({ id: journalEntries.id })
              .from(journalEntries)
              .where(eq(journalEntries.userId, userId)),
          ),
        );
      const [drafts] = await db
        .select({
          bytes: sql<string>`coalesce(sum(octet_length(${journalDrafts.draft}::text)), 0)::bigint`,
        })
        .from(journalDrafts)
        .where(eq(journalDrafts.userId, userId));
      return total(entries?.bytes) + total(versions?.bytes) + total(drafts?.bytes);
    },
  };
}
