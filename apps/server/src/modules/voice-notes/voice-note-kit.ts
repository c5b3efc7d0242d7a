import type { VoiceNote } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { forbidden, notFound } from '../../http/errors';
import type { IdentityRepository } from '../identity/identity.repository';
import type { VoiceNoteDeliveriesRepository } from './voice-note-deliveries.repository';
import type { VoiceNotesRepository, VoiceNoteRow } from './voice-notes.repository';

const NOT_YOURS = 'Only the person who recorded this voice note can change it.';

export type VoiceNoteKit = ReturnType<typeof createVoiceNoteKit>;

/**
 * What every voice note use case does with a note: find it for someone who may see it (its
 * recorder or a recipient; 404 for anyone else), or may change it (its recorder), and shape it
 * as that person sees it (the recorder sees who received it; a recipient, whether they listened).
 */
export function createVoiceNoteKit(deps: {
  repository: Pick<VoiceNotesRepository, 'find'>;
  deliveries: Pick<VoiceNoteDeliveriesRepository, 'delivery' | 'deliveriesOf'>;
  identity: Pick<IdentityRepository, 'findProfile'>;
}) {
  const { repository, deliveries } = deps;

  async function toDtos(
    userId: string,
    rows: { note: VoiceNoteRow; ownerName: string | null }[],
  ): Promise<VoiceNote[]> {
    const sent = await deliveries.deliveriesOf(rows.map((r) => r.note.id));
    return rows.map(({ note, ownerName }) => {
      const mine = sent.filter((d) => d.delivery.noteId === note.id);
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
    if (await deliveries.delivery(id, userId)) return { note, received: true };
    throw notFound('Voice note not found');
  }

  return {
    toDtos,
    visible,

    /** The note if the user recorded it; a recipient may not change it (403), others get 404. */
    async owned(userId: string, id: string) {
      const { note, received } = await visible(userId, id);
      if (received) throw forbidden(NOT_YOURS, 'NOT_OWNER');
      return note;
    },

    async dto(userId: string, note: VoiceNoteRow): Promise<VoiceNote> {
      const owner = await deps.identity.findProfile(note.ownerId);
      const [one] = await toDtos(userId, [{ note, ownerName: owner?.fullName ?? null }]);
      if (!one) throw new Error('unreachable');
      return one;
    },
  };
}
