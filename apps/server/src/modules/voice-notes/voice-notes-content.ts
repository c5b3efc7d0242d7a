import type { ContentEvents } from '../content/content-events';
import type { VoiceNotesRepository } from './voice-notes.repository';

/** A note's transcript is what its recorder said (the analysis reads it). */
export function registerVoiceNotesContent(
  content: ContentEvents,
  repository: Pick<VoiceNotesRepository, 'find' | 'ownedBy'>,
) {
  content.registerSource('voice_note', {
    async load(id) {
      const note = await repository.find(id);
      if (!note || note.transcriptStatus !== 'done' || !note.transcript) return null;
      return {
        userId: note.ownerId,
        text: note.transcript,
        occurredAt: note.createdAt,
        mood: null,
        title: note.title,
        href: '/app/voice-notes/recorder',
        tags: [],
      };
    },
    idsOf: async (userId) => (await repository.ownedBy(userId)).map((note) => note.id),
  });
}
