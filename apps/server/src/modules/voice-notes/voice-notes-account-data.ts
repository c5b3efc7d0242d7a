import type { AccountDataRegistry } from '../account/account-data.registry';
import type { FilesService } from '../files/files.service';
import type { VoiceNoteDeliveriesRepository } from './voice-note-deliveries.repository';
import type { VoiceNoteSettingsRepository } from './voice-note-settings.repository';
import type { VoiceNotesRepository } from './voice-notes.repository';

/**
 * Voice notes' part of export and deletion. Unlike chat, a note belongs to the person who
 * recorded it: "delete my data" removes it for everyone (as deleting one note does), with its
 * audio and transcript, and what others sent leaves the user's inbox. Deleting the account
 * cascades every row; the audio files go with the account's other files.
 */
export function registerVoiceNotesAccountData(
  registry: AccountDataRegistry,
  deps: {
    repository: Pick<VoiceNotesRepository, 'ownedBy' | 'deleteDataOf'>;
    deliveries: Pick<VoiceNoteDeliveriesRepository, 'deliveriesOf' | 'receivedBy'>;
    settings: Pick<VoiceNoteSettingsRepository, 'settings'>;
    files: Pick<FilesService, 'find' | 'remove'>;
  },
) {
  const { repository, deliveries, files } = deps;

  /** The user's voice notes for the data export, with their transcripts and deliveries. */
  async function exportFor(userId: string) {
    const [owned, received, settings] = await Promise.all([
      repository.ownedBy(userId),
      deliveries.receivedBy(userId),
      deps.settings.settings(userId),
    ]);
    const sent = await deliveries.deliveriesOf(owned.map((n) => n.id));
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
        sent_to: sent
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
  }

  /** "Delete my data": notes, deliveries and choices, then the audio with its bytes. */
  async function deleteDataOf(userId: string) {
    const fileIds = await repository.deleteDataOf(userId);
    const audio = await Promise.all(fileIds.map((id) => files.find(id)));
    await files.remove(audio.filter((file) => file !== null));
  }

  registry.register({
    section: 'voice_notes',
    tables: ['voice_notes', 'voice_note_deliveries', 'voice_note_settings'],
    export: exportFor,
    deleteData: deleteDataOf,
  });
}
