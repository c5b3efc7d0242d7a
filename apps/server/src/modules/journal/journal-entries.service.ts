import { JOURNAL_MESSAGES as M, UNTITLED_ENTRY } from '@kaleido/shared/journal/journal.constants';
import type {
  JournalEntry,
  JournalEntryVersion,
  UpdateJournalEntryBody,
} from '@kaleido/shared/journal/journal.schemas';
import { notFound } from '../../http/errors';
import type { FilesService } from '../files/files.service';
import type { JournalDraftsRepository } from './journal-drafts.repository';
import type { JournalEditsRepository } from './journal-edits.repository';
import { toEntry, type JournalEntryKit } from './journal-entry-kit';
import type { EntryChanges, JournalRepository } from './journal.repository';

export type JournalEntries = ReturnType<typeof createJournalEntries>;

const sameTags = (a: string[], b: string[]) =>
  a
    .map((t) => t.toLowerCase())
    .sort()
    .join('\n') ===
  b
    .map((t) => t.toLowerCase())
    .sort()
    .join('\n');

/**
 * One entry after it is written: read, edited (each edit keeps the entry as it was), deleted,
 * its history. Every entry is its owner's alone here: anyone else asking for it gets 404.
 */
export function createJournalEntries(deps: {
  repository: Pick<JournalRepository, 'tagsOf' | 'delete'>;
  edits: JournalEditsRepository;
  drafts: Pick<JournalDraftsRepository, 'delete'>;
  files: Pick<FilesService, 'find' | 'remove'>;
  kit: Pick<JournalEntryKit, 'owned' | 'dto' | 'announce' | 'contentSaved' | 'contentDeleted'>;
  now: () => Date;
}) {
  const { repository, kit, now } = deps;

  return {
    /** Throws 404 unless the entry is this person's (the drafts of an entry check it too). */
    async assertOwned(userId: string, id: string): Promise<void> {
      await kit.owned(userId, id);
    },

    async get(userId: string, id: string): Promise<JournalEntry> {
      return kit.dto(await kit.owned(userId, id));
    },

    async update(userId: string, id: string, body: UpdateJournalEntryBody): Promise<JournalEntry> {
      const entry = await kit.owned(userId, id);
      const currentTags = (await repository.tagsOf([id])).get(id) ?? [];
      const changes: EntryChanges = {};
      if (body.title !== undefined && (body.title || UNTITLED_ENTRY) !== entry.title)
        changes.title = body.title || UNTITLED_ENTRY;
      if (body.content !== undefined && body.content !== entry.content) {
        changes.content = body.content;
        changes.contentEdited = true;
      }
      if (body.mood !== undefined && body.mood !== entry.mood) changes.mood = body.mood;
      if (body.privacyLevel !== undefined && body.privacyLevel !== entry.privacyLevel)
        changes.privacyLevel = body.privacyLevel;
      if (body.emotionalState !== undefined) changes.emotionalState = body.emotionalState;
      const tags =
        body.tags !== undefined && !sameTags(body.tags, currentTags) ? body.tags : undefined;
      // Saving what is already there changes nothing and adds no version.
      if (Object.keys(changes).length === 0 && tags === undefined)
        return toEntry(entry, currentTags);
      const keepVersion =
        changes.title !== undefined ||
        changes.content !== undefined ||
        changes.mood !== undefined ||
        changes.privacyLevel !== undefined ||
        tags !== undefined;
      const updated = await deps.edits.update(entry, changes, tags, now(), keepVersion);
      if (!updated) throw notFound(M.entryNotFound);
      await deps.drafts.delete(userId, id);
      const result = await kit.dto(updated);
      await kit.announce(userId, 'updated', id, result);
      await kit.contentSaved(userId, id);
      return result;
    },

    async remove(userId: string, id: string) {
      const entry = await kit.owned(userId, id);
      const audio = entry.audioFileId ? await deps.files.find(entry.audioFileId) : null;
      await repository.delete(id, userId);
      if (audio) await deps.files.remove([audio]);
      await kit.announce(userId, 'deleted', id);
      await kit.contentDeleted(userId, id);
    },

    async history(userId: string, id: string): Promise<JournalEntryVersion[]> {
      await kit.owned(userId, id);
      return (await deps.edits.history(id)).map((v) => ({
        id: v.id,
        title: v.title,
        content: v.content,
        mood: v.mood,
        privacy_level: v.privacyLevel,
        tags: v.tags,
        editedAt: v.editedAt.toISOString(),
      }));
    },
  };
}
