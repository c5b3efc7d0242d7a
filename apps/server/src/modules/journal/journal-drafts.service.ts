import type {
  JournalDraft,
  JournalDraftBody,
  JournalDraftLookup,
} from '@kaleido/shared/journal/journal.schemas';
import type { JournalDraftsRepository } from './journal-drafts.repository';

export type JournalDraftsService = ReturnType<typeof createJournalDraftsService>;

/**
 * Autosave, so nothing typed is lost on a reload or a lost connection. The draft of an entry is
 * its owner's only: anyone else gets the entry's 404.
 */
export function createJournalDraftsService(deps: {
  repository: JournalDraftsRepository;
  assertOwned: (userId: string, entryId: string) => Promise<void>;
  now: () => Date;
}) {
  const { repository, now } = deps;
  const checkKey = async (userId: string, key: string) => {
    if (key !== 'new') await deps.assertOwned(userId, key);
  };

  return {
    async save(userId: string, key: string, body: JournalDraftBody): Promise<JournalDraft> {
      await checkKey(userId, key);
      const saved = await repository.save(userId, key, body, now());
      return { key, draft: saved.draft, updatedAt: saved.updatedAt.toISOString() };
    },

    async find(userId: string, key: string): Promise<JournalDraftLookup> {
      await checkKey(userId, key);
      const saved = await repository.find(userId, key);
      if (!saved) return { saved: null };
      return { saved: { key, draft: saved.draft, updatedAt: saved.updatedAt.toISOString() } };
    },

    async remove(userId: string, key: string) {
      await checkKey(userId, key);
      await repository.delete(userId, key);
    },
  };
}
