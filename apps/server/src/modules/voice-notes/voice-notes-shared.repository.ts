import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { UUID, within, type Period } from '../../db/period';
import { voiceNotes } from '../../db/schema/speech';

/** What another module (care) may ask of a person's voice notes; the SQL stays here. */
export type VoiceNotesSharedReads = ReturnType<typeof createVoiceNotesSharedReads>;

/**
 * What voice notes offer another reader: the person's finished transcripts. Whether a reader
 * may have them is that reader's policy (care-policy.ts), not this module's.
 */
export function createVoiceNotesSharedReads(db: Db) {
  const transcribed = (personId: string) =>
    and(eq(voiceNotes.ownerId, personId), eq(voiceNotes.transcriptStatus, 'done'));
  return {
    /** The person's notes with a finished transcript, newest first. */
    async transcripts(personId: string, limit: number, period?: Period) {
      return db
        .select({
          id: voiceNotes.id,
          title: voiceNotes.title,
          transcript: voiceNotes.transcript,
          createdAt: voiceNotes.createdAt,
        })
        .from(voiceNotes)
        .where(and(transcribed(personId), within(voiceNotes.createdAt, period)))
        .orderBy(desc(voiceNotes.createdAt))
        .limit(limit);
    },

    /**
     * The ids and current titles of the person's notes with a finished transcript; `ids`: only
     * among these (an id that is no uuid names none).
     */
    async transcribedTitles(personId: string, ids?: readonly string[]) {
      const among = ids?.filter((id) => UUID.test(id));
      if (among?.length === 0) return [];
      return db
        .select({ id: voiceNotes.id, title: voiceNotes.title })
        .from(voiceNotes)
        .where(and(transcribed(personId), among ? inArray(voiceNotes.id, among) : undefined));
    },
  };
}
