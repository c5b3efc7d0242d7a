import type { Readable } from 'node:stream';
import { AUDIO_UPLOAD_POLICY } from '@kaleido/shared/files/upload-policies';
import { defaultVoiceNoteTitle } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import type { FilesService } from '../files/files.service';
import type { TranscriptionQueue } from '../speech/transcription-queue';
import type { VoiceNoteKit } from './voice-note-kit';
import type { VoiceNoteSettingsRepository } from './voice-note-settings.repository';
import { VOICE_NOTE_TRANSCRIPT_TARGET } from './voice-note-transcripts';
import type { VoiceNotesRepository } from './voice-notes.repository';

export type VoiceNoteRecording = ReturnType<typeof createVoiceNoteRecording>;

/**
 * A new note: recorded or uploaded audio kept as a file through the one upload path, queued for
 * transcription when the person transcribes on upload.
 */
export function createVoiceNoteRecording(deps: {
  repository: Pick<VoiceNotesRepository, 'insert'>;
  settings: Pick<VoiceNoteSettingsRepository, 'settings'>;
  files: Pick<FilesService, 'store'>;
  speech: Pick<TranscriptionQueue, 'enqueue'>;
  kit: Pick<VoiceNoteKit, 'dto'>;
  now: () => Date;
}) {
  return {
    async create(
      ownerId: string,
      input: { title?: string | undefined; durationMs: number; filename: string; stream: Readable },
    ) {
      const file = await deps.files.store({
        ownerId,
        purpose: 'voice',
        policy: AUDIO_UPLOAD_POLICY,
        filename: input.filename,
        stream: input.stream,
      });
      const settings = await deps.settings.settings(ownerId);
      const at = deps.now();
      const note = await deps.repository.insert(
        {
          ownerId,
          fileId: file.id,
          title: input.title || defaultVoiceNoteTitle(at),
          durationMs: input.durationMs,
          transcriptStatus: settings.autoTranscribe ? 'pending' : 'off',
        },
        at,
      );
      if (settings.autoTranscribe)
        await deps.speech.enqueue({
          ownerId,
          fileId: file.id,
          targetKind: VOICE_NOTE_TRANSCRIPT_TARGET,
          targetId: note.id,
        });
      return deps.kit.dto(ownerId, note);
    },
  };
}
