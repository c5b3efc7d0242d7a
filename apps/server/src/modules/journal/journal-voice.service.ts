import type { Readable } from 'node:stream';
import { AUDIO_UPLOAD_POLICY } from '@kaleido/shared/files/upload-policies';
import {
  JOURNAL_CONTENT_MAX,
  JOURNAL_MESSAGES as M,
  UNTITLED_ENTRY,
  type Mood,
  type PrivacyLevel,
} from '@kaleido/shared/journal/journal.constants';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { notFound } from '../../http/errors';
import type { FilesService } from '../files/files.service';
import type { TranscriptionQueue } from '../speech/transcription-queue';
import type { JournalEntryKit } from './journal-entry-kit';
import type { JournalRepository } from './journal.repository';

const TRANSCRIPT_TARGET = 'journal-entry';
export const JOURNAL_AUDIO_PURPOSE = 'journal-audio';

/**
 * Voice entries: the recording is stored through the one upload path, the speech queue writes
 * the transcript, which becomes the entry's editable content unless the person already wrote
 * their own; the audio then stays or goes by the person's retention choice.
 */
export type JournalVoice = ReturnType<typeof createJournalVoice>;

export function createJournalVoice(
  deps: {
    repository: Pick<JournalRepository, 'find' | 'insert' | 'setTranscript'>;
    files: Pick<FilesService, 'store' | 'find' | 'remove'>;
    speech: Pick<TranscriptionQueue, 'registerTarget' | 'enqueue'>;
    /** False: a recording is deleted once its transcript is in (the user's retention choice). */
    keepsAudio: (userId: string) => Promise<boolean>;
    now: () => Date;
  },
  kit: Pick<JournalEntryKit, 'owned' | 'dto' | 'announce' | 'contentSaved'>,
) {
  const { repository, now } = deps;
  const { owned, dto, announce, contentSaved } = kit;

  deps.speech.registerTarget(TRANSCRIPT_TARGET, {
    async onTranscribed(id, text) {
      const entry = await repository.find(id);
      if (!entry) return;
      const dropAudio = entry.audioFileId !== null && !(await deps.keepsAudio(entry.userId));
      const file = dropAudio && entry.audioFileId ? await deps.files.find(entry.audioFileId) : null;
      // One update, so nobody sees the transcript done while the audio is still due to go; the
      // transcript becomes the editable content unless the person already wrote their own.
      const updated = await repository.setTranscript(
        id,
        {
          transcript: text,
          transcriptStatus: 'done',
          ...(!entry.contentEdited && { content: text.slice(0, JOURNAL_CONTENT_MAX) }),
          ...(dropAudio && { audioFileId: null }),
        },
        now(),
      );
      if (file) await deps.files.remove([file]);
      if (updated) {
        await announce(updated.userId, 'updated', id, await dto(updated));
        await contentSaved(updated.userId, id);
      }
    },
    async onFailed(id) {
      const updated = await repository.setTranscript(id, { transcriptStatus: 'failed' }, now());
      if (updated) await announce(updated.userId, 'updated', id, await dto(updated));
    },
  });

  return {
    async createVoice(
      userId: string,
      input: {
        title?: string | undefined;
        mood: Mood;
        privacyLevel: PrivacyLevel;
        tags: string[];
        durationMs?: number | undefined;
        filename: string;
        stream: Readable;
      },
    ): Promise<JournalEntry> {
      const file = await deps.files.store({
        ownerId: userId,
        purpose: JOURNAL_AUDIO_PURPOSE,
        policy: AUDIO_UPLOAD_POLICY,
        filename: input.filename,
        stream: input.stream,
      });
      const row = await repository.insert(
        {
          userId,
          title: input.title || UNTITLED_ENTRY,
          content: '',
          inputType: 'audio',
          mood: input.mood,
          privacyLevel: input.privacyLevel,
          audioFileId: file.id,
          durationMs: input.durationMs ?? null,
          transcriptStatus: 'pending',
        },
        input.tags,
        now(),
      );
      await deps.speech.enqueue({
        ownerId: userId,
        fileId: file.id,
        targetKind: TRANSCRIPT_TARGET,
        targetId: row.id,
      });
      const entry = await dto(row);
      await announce(userId, 'created', row.id, entry);
      return entry;
    },

    /** The recording of a voice entry, for the route to stream with ranges. */
    async audioOf(userId: string, id: string) {
      const entry = await owned(userId, id);
      const file = entry.audioFileId ? await deps.files.find(entry.audioFileId) : null;
      if (!file) throw notFound(M.audioMissing);
      return file;
    },
  };
}
