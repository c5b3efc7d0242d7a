import type { AccountDataRegistry } from '../account/account-data.registry';
import type { VoiceNotesService } from './voice-notes.service';

/**
 * Voice notes' part of export and deletion. Unlike chat, a note belongs to the person who
 * recorded it: "delete my data" removes it for everyone (as deleting one note does), with its
 * audio and transcript, and what others sent leaves the user's inbox. Deleting the account
 * cascades every row; the audio files go with the account's other files.
 */
export function registerVoiceNotesAccountData(
  registry: AccountDataRegistry,
  voiceNotes: Pick<VoiceNotesService, 'exportFor' | 'deleteDataOf'>,
) {
  registry.register({
    section: 'voice_notes',
    tables: ['voice_notes', 'voice_note_deliveries', 'voice_note_settings'],
    export: (userId) => voiceNotes.exportFor(userId),
    deleteData: (userId) => voiceNotes.deleteDataOf(userId),
  });
}
