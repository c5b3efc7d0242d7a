import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { AUDIO_UPLOAD_POLICY } from '@kaleido/shared/files/upload-policies';
import {
  defaultVoiceNoteTitle,
  type VoiceNote,
} from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import type { ContentEvents } from '../content/content-events';
import type { IdentityRepository } from '../identity/identity.repository';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SpeechService } from '../speech/speech.service';
import type { Box, VoiceNotesRepository, VoiceNoteRow } from './voice-notes.repository';

export type VoiceNotesService = ReturnType<typeof createVoiceNotesService>;

const TARGET = 'voice-note';
const NOT_YOURS = 'Only the person who recorded this voice note can change it.';
const AUDIO_REMOVED = 'The audio of this note was removed after transcription.';

/**
 * Voice notes: recorded or uploaded audio kept as files, transcribed in the background as an
 * editable draft, sent to contacts (their inbox, your sent box), searchable by transcript.
 */
export function createVoiceNotesService(deps: {
  repository: VoiceNotesRepository;
  identity: IdentityRepository;
  files: FilesService;
  speech: SpeechService;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Told when a transcript is saved or a note is deleted (analysis follows; modules/content). */
  content?: Pick<ContentEvents, 'saved' | 'deleted'>;
  now?: () => Date;
}) {
  const { repository } = deps;
  const contentSaved = (userId: string, id: string) =>
    deps.content?.saved({ userId, kind: 'voice_note', id });
  const now = deps.now ?? (() => new Date());

  async function toDtos(
    userId: string,
    rows: { note: VoiceNoteRow; ownerName: string | null }[],
  ): Promise<VoiceNote[]> {
    const deliveries = await repository.deliveriesOf(rows.map((r) => r.note.id));
    return rows.map(({ note, ownerName }) => {
      const mine = deliveries.filter((d) => d.delivery.noteId === note.id);
      const received = mine.find((d) => d.delivery.recipientId === userId);
      return {
        id: note.id,
        title: note.title,
        durationMs: note.durationMs,
        createdAt: note.createdAt.toISOString(),
        transcript: note.transcript,
        transcriptStatus: note.transcriptStatus,
        transcriptEdited: note.transcriptEdited,
        hasAudio: note.fileId !== null,
        owner: { id: note.ownerId, fullName: ownerName ?? 'Unknown User' },
        recipients:
          note.ownerId === userId
            ? mine.map((d) => ({
                id: d.delivery.recipientId,
                fullName: d.recipientName ?? 'Unknown User',
                listened: d.delivery.listenedAt !== null,
              }))
            : [],
        listened: received ? received.delivery.listenedAt !== null : null,
      };
    });
  }

  /** The note if the user recorded it or received it; 404 otherwise, so existence does not leak. */
  async function visible(userId: string, id: string) {
    const note = await repository.find(id);
    if (!note) throw notFound('Voice note not found');
    if (note.ownerId === userId) return { note, received: false };
    if (await repository.delivery(id, userId)) return { note, received: true };
    throw notFound('Voice note not found');
  }

  async function owned(userId: string, id: string) {
    const { note, received } = await visible(userId, id);
    if (received) throw forbidden(NOT_YOURS, 'NOT_OWNER');
    return note;
  }

  async function dto(userId: string, note: VoiceNoteRow): Promise<VoiceNote> {
    const owner = await deps.identity.findProfile(note.ownerId);
    const [one] = await toDtos(userId, [{ note, ownerName: owner?.fullName ?? null }]);
    if (!one) throw new Error('unreachable');
    return one;
  }

  deps.speech.registerTarget(TARGET, {
    async onTranscribed(id, text) {
      const note = await repository.find(id);
      if (!note) return;
      const dropAudio =
        note.fileId !== null && !(await repository.settings(note.ownerId)).keepAudio;
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
      await contentSaved(note.ownerId, id);
    },
    async onFailed(id) {
      await repository.update(id, { transcriptStatus: 'failed' }, now());
    },
  });

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
      const settings = await repository.settings(ownerId);
      const at = now();
      const note = await repository.insert(
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
          targetKind: TARGET,
          targetId: note.id,
        });
      return dto(ownerId, note);
    },

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
      return toDtos(userId, rows);
    },

    async get(userId: string, id: string) {
      return dto(userId, (await visible(userId, id)).note);
    },

    async update(
      userId: string,
      id: string,
      changes: { title?: string | undefined; transcript?: string | undefined },
    ) {
      await owned(userId, id);
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
      if (changes.transcript !== undefined) await contentSaved(userId, id);
      return dto(userId, updated);
    },

    /** The recorder deletes it for everyone; a recipient removes it from their inbox. */
    async remove(userId: string, id: string) {
      const { note, received } = await visible(userId, id);
      if (received) return repository.removeDelivery(id, userId);
      const file = note.fileId ? await deps.files.find(note.fileId) : null;
      await repository.delete(id);
      if (file) await deps.files.remove([file]);
      await deps.content?.deleted({ userId, kind: 'voice_note', id });
    },

    async send(userId: string, id: string, recipientId: string) {
      const note = await owned(userId, id);
      if (recipientId === userId) throw badRequest('You cannot send a voice note to yourself.');
      const recipient = await deps.identity.findProfile(recipientId);
      if (!recipient) throw notFound('That person was not found');
      await repository.addDelivery(id, userId, recipientId, now());
      const sender = await deps.identity.findProfile(userId);
      await deps.notifications.notify(recipientId, {
        type: 'voice',
        title: 'New voice note',
        message: `${sender?.fullName ?? 'Someone'} sent you "${note.title}".`,
        link: '/app/voice-notes/inbox',
        // The title is the sender's words: the bell shows it, mail does not.
        emailLine: `${sender?.fullName ?? 'Someone'} sent you a voice note.`,
      });
      return dto(userId, note);
    },

    async transcribeAgain(userId: string, id: string) {
      const note = await owned(userId, id);
      if (!note.fileId) throw new AppError(409, AUDIO_REMOVED, { code: 'NO_AUDIO' });
      const updated = await repository.update(
        id,
        { transcriptStatus: 'pending', transcriptEdited: false },
        now(),
      );
      await deps.speech.enqueue({
        ownerId: userId,
        fileId: note.fileId,
        targetKind: TARGET,
        targetId: id,
      });
      return dto(userId, updated ?? note);
    },

    /** The note's audio, opened for playback; a recipient's first play marks it listened. */
    async openAudio(userId: string, id: string, log?: Pick<FastifyBaseLogger, 'error'>) {
      const { note, received } = await visible(userId, id);
      const file = note.fileId ? await deps.files.find(note.fileId) : null;
      if (!file) throw notFound(AUDIO_REMOVED);
      if (received) await repository.markListened(id, userId, now());
      return deps.files.open(file, log);
    },

    /** The user's voice notes for the data export, with their transcripts and deliveries. */
    async exportFor(userId: string) {
      const [owned, received, settings] = await Promise.all([
        repository.ownedBy(userId),
        repository.receivedBy(userId),
        repository.settings(userId),
      ]);
      const deliveries = await repository.deliveriesOf(owned.map((n) => n.id));
      return {
        notes: owned.map((note) => ({
          id: note.id,
          title: note.title,
          duration_ms: note.durationMs,
          transcript: note.transcript,
          transcript_status: note.transcriptStatus,
          transcript_edited: note.transcriptEdited,
          audio_file_id: note.fileId,
          created_at: note.createdAt.toISOString(),
          updated_at: note.updatedAt.toISOString(),
          sent_to: deliveries
            .filter((d) => d.delivery.noteId === note.id)
            .map((d) => ({
              recipient_id: d.delivery.recipientId,
              recipient_name: d.recipientName,
              sent_at: d.delivery.createdAt.toISOString(),
              listened_at: d.delivery.listenedAt?.toISOString() ?? null,
            })),
        })),
        received: received.map(({ delivery, note, ownerName }) => ({
          note_id: note.id,
          title: note.title,
          from_id: note.ownerId,
          from_name: ownerName,
          transcript: note.transcript,
          received_at: delivery.createdAt.toISOString(),
          listened_at: delivery.listenedAt?.toISOString() ?? null,
        })),
        settings: { auto_transcribe: settings.autoTranscribe, keep_audio: settings.keepAudio },
      };
    },

    /** "Delete my data": notes, deliveries and choices, then the audio with its bytes. */
    async deleteDataOf(userId: string) {
      const fileIds = await repository.deleteDataOf(userId);
      const audio = await Promise.all(fileIds.map((id) => deps.files.find(id)));
      await deps.files.remove(audio.filter((file) => file !== null));
    },

    settings: (userId: string) =>
      repository
        .settings(userId)
        .then(({ autoTranscribe, keepAudio }) => ({ autoTranscribe, keepAudio })),

    async updateSettings(
      userId: string,
      changes: { autoTranscribe?: boolean | undefined; keepAudio?: boolean | undefined },
    ) {
      const { autoTranscribe, keepAudio } = await repository.saveSettings(userId, changes);
      return { autoTranscribe, keepAudio };
    },
  };
}
