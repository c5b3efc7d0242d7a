import { JOURNAL_MESSAGES as M } from '@kaleido/shared/journal/journal.constants';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { notFound } from '../../http/errors';
import { usableTimezone } from '../../lib/timezone';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { ContentEvents } from '../content/content-events';
import type { JournalEntryRow, JournalRepository } from './journal.repository';

/** An entry row as the API shows it, with its tags (the tsvectors never leave the database). */
export function toEntry(row: JournalEntryRow, tags: string[]): JournalEntry {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    input_type: row.inputType,
    mood: row.mood,
    privacy_level: row.privacyLevel,
    emotional_state: row.emotionalState,
    tags,
    promptId: row.promptId,
    audioUrl: row.audioFileId ? `/api/journal/entries/${row.id}/audio` : null,
    transcriptStatus: row.transcriptStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type JournalEntryKit = ReturnType<typeof createJournalEntryKit>;

/**
 * What every journal use case does with an entry: find it for its owner (anyone else gets 404),
 * shape it with its tags, tell the person's tabs it changed and tell analysis its words did.
 */
export function createJournalEntryKit(deps: {
  repository: Pick<JournalRepository, 'find' | 'tagsOf'>;
  bus: Pick<EventBus, 'publish'>;
  /** The profile's timezone (SPEC §3); calendar days and day filters are counted in it. */
  timezoneOf: (userId: string) => Promise<string | null | undefined>;
  /** Told when an entry's words are saved or gone (analysis follows; modules/content). */
  content?: Pick<ContentEvents, 'saved' | 'deleted'> | undefined;
}) {
  const { repository } = deps;

  return {
    async owned(userId: string, id: string): Promise<JournalEntryRow> {
      const entry = await repository.find(id);
      if (!entry || entry.userId !== userId) throw notFound(M.entryNotFound);
      return entry;
    },

    async dto(row: JournalEntryRow): Promise<JournalEntry> {
      return toEntry(row, (await repository.tagsOf([row.id])).get(row.id) ?? []);
    },

    async announce(
      userId: string,
      change: 'created' | 'updated' | 'deleted',
      entryId: string,
      entry?: JournalEntry,
    ) {
      await deps.bus.publish({
        room: userRoom(userId),
        name: 'journal.entry.changed',
        data: { entryId, change, ...(entry && { entry }) },
      });
    },

    timezoneOf: async (userId: string) => usableTimezone(await deps.timezoneOf(userId)),

    contentSaved: async (userId: string, id: string) => {
      await deps.content?.saved({ userId, kind: 'journal', id });
    },

    contentDeleted: async (userId: string, id: string) => {
      await deps.content?.deleted({ userId, kind: 'journal', id });
    },
  };
}
