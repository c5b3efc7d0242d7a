import type { FileHit } from '@kaleido/shared/files/file-search.schemas';
import { and, desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import { files } from '../../db/schema/files';
import { journalEntries } from '../../db/schema/journal';

/** Voice entries whose recording is kept, by title: what 'Search Files' shows of the journal. */
export function createJournalFilesRepository(db: Db) {
  return {
    async recordingsTitled(userId: string, text: string, limit: number): Promise<FileHit[]> {
      const rows = await db
        .select({
          fileId: files.id,
          entryId: journalEntries.id,
          title: journalEntries.title,
          mime: files.mime,
          sizeBytes: files.sizeBytes,
          createdAt: journalEntries.createdAt,
        })
        .from(journalEntries)
        .innerJoin(files, eq(files.id, journalEntries.audioFileId))
        .where(
          and(eq(journalEntries.userId, userId), ilike(journalEntries.title, likeContaining(text))),
        )
        .orderBy(desc(journalEntries.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        id: row.fileId,
        name: row.title,
        mime: row.mime,
        sizeBytes: row.sizeBytes,
        createdAt: row.createdAt.toISOString(),
        place: 'journal' as const,
        placeLabel: 'Journal',
        link: `/app/journal/voice/${row.entryId}`,
      }));
    },
  };
}
