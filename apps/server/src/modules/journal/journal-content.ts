import type { ContentEvents } from '../content/content-events';
import type { JournalRepository } from './journal.repository';

/** How the journal's entries are read by what derives from them (analysis): text, mood, tags. */
export function registerJournalContent(content: ContentEvents, repository: JournalRepository) {
  content.registerSource('journal', {
    async load(id) {
      const entry = await repository.find(id);
      if (!entry) return null;
      const tags = (await repository.tagsOf([id])).get(id) ?? [];
      return {
        userId: entry.userId,
        text: entry.content,
        occurredAt: entry.createdAt,
        mood: entry.mood,
        title: entry.title,
        href: `/app/journal/${entry.inputType === 'audio' ? 'voice' : 'text'}/${entry.id}`,
        tags,
      };
    },
    idsOf: (userId) => repository.idsOf(userId),
    setEmotionalState: (id, state, remove) => repository.setEmotionalState(id, state, remove),
  });
}
