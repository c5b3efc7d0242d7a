import { AppError } from '../../http/errors';
import type { ContentEvents } from '../content/content-events';
import type { FilesService } from '../files/files.service';
import type { TranscriptionQueue } from '../speech/transcription-queue';
import type { VoiceNoteKit } from './voice-note-kit';
import type { VoiceNoteSettingsRepository } from './voice-note-settings.repository';
import type { VoiceNotesRepository } from './voice-notes.repository';

/** The speech queue's name for a note's transcript. */
export const VOICE_NOTE_TRANSCRIPT_TARGET = 'voice-note';
export const AUDIO_REMOVED = 'The audio of this note was removed after transcription.';

export type VoiceNoteTranscripts = ReturnType<typeof createVoiceNoteTranscripts>;

/**
 * Transcripts as editable drafts: the speech queue's result lands on the note unless its recorder
 * already corrected it, the audio then stays or goes by their choice, and they may ask again.
 */
export function createVoiceNoteTranscripts(deps: {
  repository: Pick<VoiceNotesRepository, 'find' | 'update'>;
  settings: Pick<VoiceNoteSettingsRepository, 'settings'>;
  files: Pick<FilesService, 'find' | 'remove'>;
  speech: Pick<TranscriptionQueue, 'registerTarget' | 'enqueue'>;
  kit: Pick<VoiceNoteKit, 'owned' | 'dto'>;
  /** Told when a transcript is saved (analysis follows; modules/content). */
  content?: Pick<ContentEvents, 'saved'> | undefined;
  now: () => Date;
}) {
  const { repository, now } = deps;

  deps.speech.registerTarget(VOICE_NOTE_TRANSCRIPT_TARGET, {
    async onTranscribed(id, text) {
      const note = await repository.find(id);
      if (!note) return;
      const dropAudio =
        note.fileId !== null && !(await deps.settings.settings(note.ownerId)).keepAudio;
      const file = dropAudio && note.fileId ? await deps.files.find(note.fileId) : null;
      // One update, so nobody sees the transcript done while the audio is still due to go.
      // A person's correction wins over a late engine result.
      await repository.update(
        id,
        {
          ...(!note.transcriptEdited && { transcript: text, transcriptStatus: 'done' as const }),
          ...(dropAudio && { fileId: null }),
        },
        now(),
      );
      if (file) await deps.files.remove([file]);
      await deps.content?.saved({ userId: note.ownerId, kind: 'voice_note', id });
    },
    async onFailed(id) {
      await repository.update(id, { transcriptStatus: 'failed' }, now());
    },
  });

  return {
    async transcribeAgain(userId: string, id: string) {
      const note = await deps.kit.owned(userId, id);
      if (!note.fileId) throw new AppError(409, AUDIO_REMOVED, { code: 'NO_AUDIO' });
      const updated = await repository.update(
        id,
        { transcriptStatus: 'pending', transcriptEdited: false },
        now(),
      );
      await deps.speech.enqueue({
        ownerId: userId,
        fileId: note.fileId,
        targetKind: VOICE_NOTE_TRANSCRIPT_TARGET,
        targetId: id,
      });
      return deps.kit.dto(userId, updated ?? note);
    },
  };
}
