import { and, desc, eq, ilike } from 'drizzle-orm';
import type { FileHit } from '@kaleido/shared/files/file-search.schemas';
import type { Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import { files } from '../../db/schema/files';
import { voiceNotes } from '../../db/schema/speech';

/** The person's own notes with a recording, by title: what 'Search Files' shows of them. */
export function createVoiceNotesFilesRepository(db: Db) {
  return {
    async recordingsTitled(ownerId: string, text: string, limit: number): Promise<FileHit[]> {
      const rows = await db
        .select({
          id: files.id,
          title: voiceNotes.title,
          mime: files.mime,
          sizeBytes: files.sizeBytes,
          createdAt: voiceNotes.createdAt,
        })
        .from(voiceNotes)
        .innerJoin(files, eq(files.id, voiceNotes.fileId))
        .where(and(eq(voiceNotes.ownerId, ownerId), ilike(voiceNotes.title, likeContaining(text))))
        .orderBy(desc(voiceNotes.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        name: row.title,
        mime: row.mime,
        sizeBytes: row.sizeBytes,
        createdAt: row.createdAt.toISOString(),
        place: 'voice_note' as const,
        placeLabel: 'Voice Notes',
        link: '/app/voice-notes',
      }));
    },
  };
}
