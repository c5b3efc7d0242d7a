import { JOURNAL_MESSAGES as M, UNTITLED_ENTRY } from '@kaleido/shared/journal/journal.constants';
import type { CreateJournalEntryBody, JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { conflict } from '../../http/errors';
import type { JournalDraftsRepository } from './journal-drafts.repository';
import type { JournalEntryKit } from './journal-entry-kit';
import type { JournalEntryRow, JournalRepository, NewJournalEntry } from './journal.repository';

/**
 * Writing a new text entry or reflection. With the client's `clientKey` it happens once however
 * often the request is retried (security probe 2, N18): a retry answers the entry saved first.
 */
export type JournalCreate = ReturnType<typeof createJournalCreate>;

export function createJournalCreate(
  deps: {
    repository: Pick<JournalRepository, 'findByClientKey' | 'insertKeyed' | 'insert'>;
    drafts: Pick<JournalDraftsRepository, 'delete'>;
    now: () => Date;
  },
  helpers: Pick<JournalEntryKit, 'dto' | 'announce' | 'contentSaved'>,
) {
  const { repository } = deps;

  /** The entry saved with this key already; 409 when the key names other words. */
  async function earlier(userId: string, body: CreateJournalEntryBody, row: JournalEntryRow) {
    if (row.content !== body.content) throw conflict(M.clientKeyReused, 'CLIENT_KEY_REUSED');
    return helpers.dto(row);
  }

  return {
    /** A retry of a create that was saved (same clientKey): its entry, or null. */
    async earlierCreate(
      userId: string,
      body: CreateJournalEntryBody,
    ): Promise<JournalEntry | null> {
      if (!body.clientKey) return null;
      const row = await repository.findByClientKey(userId, body.clientKey);
      return row ? earlier(userId, body, row) : null;
    },

    async create(
      userId: string,
      body: CreateJournalEntryBody,
    ): Promise<{ entry: JournalEntry; created: boolean }> {
      const fields: NewJournalEntry = {
        userId,
        title: body.title || UNTITLED_ENTRY,
        content: body.content,
        inputType: body.promptId ? 'reflection' : body.inputType,
        promptId: body.promptId ?? null,
        mood: body.mood,
        privacyLevel: body.privacyLevel,
        emotionalState: body.emotionalState,
      };
      const { clientKey } = body;
      const row = clientKey
        ? await repository.insertKeyed({ ...fields, clientKey }, body.tags, deps.now())
        : await repository.insert(fields, body.tags, deps.now());
      if (!row) {
        // A concurrent retry with the same key won the race: answer its entry.
        const first = clientKey ? await repository.findByClientKey(userId, clientKey) : null;
        if (!first) throw new Error('journal client key conflict without an earlier entry');
        return { entry: await earlier(userId, body, first), created: false };
      }
      // What was being typed is now saved: the new-entry draft has done its job.
      await deps.drafts.delete(userId, 'new');
      const entry = await helpers.dto(row);
      await helpers.announce(userId, 'created', row.id, entry);
      await helpers.contentSaved(userId, row.id);
      return { entry, created: true };
    },
  };
}
