import { JOURNAL_MESSAGES as M } from '@kaleido/shared/journal/journal.constants';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { JournalTagsRepository } from './journal-tags.repository';

export type JournalTagsService = ReturnType<typeof createJournalTagsService>;

/** A person's tags: listed with counts, created ahead, renamed, merged, removed. */
export function createJournalTagsService(repository: JournalTagsRepository) {
  async function ownedTag(userId: string, id: string) {
    const tag = await repository.find(id);
    if (!tag || tag.userId !== userId) throw notFound(M.tagNotFound);
    return tag;
  }

  /** A tag with its count, as the list shows it. */
  const named = async (userId: string, test: (tag: { id: string; name: string }) => boolean) =>
    (await repository.withCounts(userId)).find(test);

  return {
    list: (userId: string) => repository.withCounts(userId),

    async create(userId: string, name: string) {
      if (await repository.findByName(userId, name)) throw conflict(M.tagExists, 'TAG_EXISTS');
      await repository.create(userId, name);
      return named(userId, (t) => t.name.toLowerCase() === name.toLowerCase());
    },

    async rename(userId: string, id: string, name: string) {
      await ownedTag(userId, id);
      const clash = await repository.findByName(userId, name);
      // Renaming to another case of its own name is fine; to another tag's name, merge instead.
      if (clash && clash.id !== id) throw conflict(M.tagExists, 'TAG_EXISTS');
      await repository.rename(id, name);
      return named(userId, (t) => t.id === id);
    },

    async merge(userId: string, id: string, intoTagId: string) {
      if (id === intoTagId) throw badRequest(M.mergeIntoItself);
      await ownedTag(userId, id);
      await ownedTag(userId, intoTagId);
      await repository.merge(id, intoTagId);
      return named(userId, (t) => t.id === intoTagId);
    },

    async remove(userId: string, id: string) {
      await ownedTag(userId, id);
      await repository.delete(id);
    },
  };
}
