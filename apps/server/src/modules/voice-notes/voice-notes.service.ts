import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../http/errors';
import type { ContentEvents } from '../content/content-events';
import type { FilesService } from '../files/files.service';
import type { VoiceNoteDeliveriesRepository } from './voice-note-deliveries.repository';
import type { VoiceNoteKit } from './voice-note-kit';
import { AUDIO_REMOVED } from './voice-note-transcripts';
import type { Box, VoiceNotesRepository } from './voice-notes.repository';

export type VoiceNotes = ReturnType<typeof createVoiceNotes>;

/**
 * The notes a person has: listed by box (theirs, received, sent) and words, read, retitled or
 * corrected by their recorder, played, deleted (for everyone by the recorder, from an inbox by
 * a recipient).
 */
export function createVoiceNotes(deps: {
  repository: Pick<VoiceNotesRepository, 'list' | 'update' | 'delete'>;
  deliveries: Pick<VoiceNoteDeliveriesRepository, 'removeDelivery' | 'markListened'>;
  files: Pick<FilesService, 'find' | 'remove' | 'open'>;
  kit: VoiceNoteKit;
  /** Told when a transcript is saved or a note is deleted (analysis follows; modules/content). */
  content?: Pick<ContentEvents, 'saved' | 'deleted'> | undefined;
  now: () => Date;
}) {
  const { repository, kit, now } = deps;

  return {
    async list(
      userId: string,
      filter: {
        box: Box;
        q?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
    ) {
      const rows = await repository.list(userId, {
        box: filter.box,
        q: filter.q || undefined,
        from: filter.from ? new Date(filter.from) : undefined,
        to: filter.to ? new Date(filter.to) : undefined,
      });
      return kit.toDtos(userId, rows);
    },

    async get(userId: string, id: string) {
      return kit.dto(userId, (await kit.visible(userId, id)).note);
    },

    async update(
      userId: string,
      id: string,
      changes: { title?: string | undefined; transcript?: string | undefined },
    ) {
      await kit.owned(userId, id);
      const updated = await repository.update(
        id,
        {
          ...(changes.title !== undefined && { title: changes.title }),
          ...(changes.transcript !== undefined && {
            transcript: changes.transcript,
            transcriptEdited: true,
            transcriptStatus: 'done' as const,
          }),
        },
        now(),
      );
      if (!updated) throw notFound('Voice note not found');
      if (changes.transcript !== undefined)
        await deps.content?.saved({ userId, kind: 'voice_note', id });
      return kit.dto(userId, updated);
    },

    /** The recorder deletes it for everyone; a recipient removes it from their inbox. */
    async remove(userId: string, id: string) {
      const { note, received } = await kit.visible(userId, id);
      if (received) return deps.deliveries.removeDelivery(id, userId);
      const file = note.fileId ? await deps.files.find(note.fileId) : null;
      await repository.delete(id);
      if (file) await deps.files.remove([file]);
      await deps.content?.deleted({ userId, kind: 'voice_note', id });
    },

    /**
     * The note's audio. Fetching it says nothing about listening: a browser fetches it to show
     * the player's length before anyone presses play.
     */
    async openAudio(userId: string, id: string, log?: Pick<FastifyBaseLogger, 'error'>) {
      const { note } = await kit.visible(userId, id);
      const file = note.fileId ? await deps.files.find(note.fileId) : null;
      if (!file) throw notFound(AUDIO_REMOVED);
      return deps.files.open(file, log);
    },

    /** A recipient pressed play: the sender sees "listened" (the first time counts). */
    async markListened(userId: string, id: string): Promise<void> {
      const { received } = await kit.visible(userId, id);
      if (received) await deps.deliveries.markListened(id, userId, now());
    },
  };
}
