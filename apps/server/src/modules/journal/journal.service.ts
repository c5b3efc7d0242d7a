import { JOURNAL_MESSAGES as M, UNTITLED_ENTRY } from '@kaleido/shared/journal/journal.constants';
import type {
  JournalCalendar,
  JournalEntry,
  JournalEntryPage,
  JournalEntryVersion,
  JournalListQuery,
  JournalPrompts,
  UpdateJournalEntryBody,
} from '@kaleido/shared/journal/journal.schemas';
import { promptOfTheDay, promptsFor } from '@kaleido/shared/journal/journal-prompts';
import { badRequest, notFound } from '../../http/errors';
import { usableTimezone } from '../../lib/timezone';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { ContentEvents } from '../content/content-events';
import type { FilesService } from '../files/files.service';
import type { SpeechService } from '../speech/speech.service';
import type { JournalDraftsRepository } from './journal-drafts.repository';
import { bound, decodeCursor, encodeCursor, markHighlight } from './journal-paging';
import { createJournalCreate } from './journal-create';
import { createJournalVoice } from './journal-voice.service';
import type { EntryFilter } from './journal-search.repository';
import type { EntryChanges, JournalEntryRow, JournalRepository } from './journal.repository';

export type JournalService = ReturnType<typeof createJournalService>;

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
 * The journal: a person's own entries (text, voice, reflections), their tags, history and drafts.
 * Every entry is its owner's alone here: anyone else asking for it gets 404.
 */
export function createJournalService(deps: {
  repository: JournalRepository;
  drafts: Pick<JournalDraftsRepository, 'delete'>;
  files: Pick<FilesService, 'store' | 'find' | 'remove'>;
  speech: Pick<SpeechService, 'registerTarget' | 'enqueue'>;
  bus: Pick<EventBus, 'publish'>;
  /** The profile's timezone (SPEC §3); calendar days and day filters are counted in it. */
  timezoneOf: (userId: string) => Promise<string | null | undefined>;
  /** The profile's reflection goals (SPEC §3), which choose the prompts that come first. */
  goalsOf: (userId: string) => Promise<string[]>;
  /** False: a recording is deleted once its transcript is in (the user's retention choice). */
  keepsAudio: (userId: string) => Promise<boolean>;
  /** Told when an entry's words are saved or gone (analysis follows; modules/content). */
  content?: Pick<ContentEvents, 'saved' | 'deleted'>;
  now: () => Date;
}) {
  const { repository, now } = deps;

  function toEntry(row: JournalEntryRow, tags: string[]): JournalEntry {
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

  async function dto(row: JournalEntryRow): Promise<JournalEntry> {
    return toEntry(row, (await repository.tagsOf([row.id])).get(row.id) ?? []);
  }

  async function owned(userId: string, id: string): Promise<JournalEntryRow> {
    const entry = await repository.find(id);
    if (!entry || entry.userId !== userId) throw notFound(M.entryNotFound);
    return entry;
  }

  async function announce(
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
  }

  const timezoneOf = async (userId: string) => usableTimezone(await deps.timezoneOf(userId));

  const contentSaved = (userId: string, id: string) =>
    deps.content?.saved({ userId, kind: 'journal', id });

  const voice = createJournalVoice(deps, { owned, dto, announce, contentSaved });

  return {
    ...voice,

    ...createJournalCreate(deps, { dto, announce, contentSaved }),

    /** Throws 404 unless the entry is this person's (the drafts of an entry check it too). */
    async assertOwned(userId: string, id: string): Promise<void> {
      await owned(userId, id);
    },

    async get(userId: string, id: string): Promise<JournalEntry> {
      return dto(await owned(userId, id));
    },

    async list(userId: string, query: JournalListQuery): Promise<JournalEntryPage> {
      const filter: EntryFilter = {
        timezone: await timezoneOf(userId),
        q: query.q || undefined,
        from: bound(query.from),
        to: bound(query.to),
        mood: query.mood,
        tag: query.tag || undefined,
        type: query.type,
        privacy: query.privacy,
      };
      const position = query.cursor ? decodeCursor(query.cursor) : null;
      if (filter.q && position && !('offset' in position))
        throw badRequest(M.badCursor, undefined, 'BAD_CURSOR');
      const rows = await repository.list(userId, filter, position, query.limit);
      const page = rows.slice(0, query.limit);
      const tags = await repository.tagsOf(page.map((r) => r.entry.id));
      const last = page.at(-1);
      const more = rows.length > query.limit && last !== undefined;
      const offset = position && 'offset' in position ? position.offset : 0;
      return {
        entries: page.map(({ entry, rank, highlight }) => ({
          ...toEntry(entry, tags.get(entry.id) ?? []),
          ...(filter.q && { rank, highlight: markHighlight(highlight) }),
        })),
        nextCursor: !more
          ? null
          : encodeCursor(
              filter.q
                ? { offset: offset + query.limit }
                : { after: { createdAt: last.entry.createdAt, id: last.entry.id } },
            ),
      };
    },

    async update(userId: string, id: string, body: UpdateJournalEntryBody): Promise<JournalEntry> {
      const entry = await owned(userId, id);
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
      const updated = await repository.update(entry, changes, tags, now(), keepVersion);
      if (!updated) throw notFound(M.entryNotFound);
      await deps.drafts.delete(userId, id);
      const result = await dto(updated);
      await announce(userId, 'updated', id, result);
      await contentSaved(userId, id);
      return result;
    },

    async remove(userId: string, id: string) {
      const entry = await owned(userId, id);
      const audio = entry.audioFileId ? await deps.files.find(entry.audioFileId) : null;
      await repository.delete(id, userId);
      if (audio) await deps.files.remove([audio]);
      await announce(userId, 'deleted', id);
      await deps.content?.deleted({ userId, kind: 'journal', id });
    },

    async history(userId: string, id: string): Promise<JournalEntryVersion[]> {
      await owned(userId, id);
      return (await repository.history(id)).map((v) => ({
        id: v.id,
        title: v.title,
        content: v.content,
        mood: v.mood,
        privacy_level: v.privacyLevel,
        tags: v.tags,
        editedAt: v.editedAt.toISOString(),
      }));
    },

    async prompts(userId: string): Promise<JournalPrompts> {
      const [timezone, goals] = await Promise.all([timezoneOf(userId), deps.goalsOf(userId)]);
      const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(now());
      return { today: promptOfTheDay(goals, localDate), prompts: promptsFor(goals) };
    },

    async calendar(userId: string, month: string): Promise<JournalCalendar> {
      const timezone = await timezoneOf(userId);
      return { month, timezone, days: await repository.calendar(userId, month, timezone) };
    },

    /** Bytes of text an export of the range would hold (one entry: within the entry limit). */
    async exportTextBytes(
      userId: string,
      range: { from?: string | undefined; to?: string | undefined; id?: string },
    ): Promise<number> {
      if (range.id) return 0;
      const timezone = await timezoneOf(userId);
      const filter = { timezone, from: bound(range.from), to: bound(range.to) };
      return repository.textBytesInRange(userId, filter);
    },

    /** Entries for an export: one, or those in a date range, with their tags and timezone. */
    async forExport(
      userId: string,
      range: { from?: string | undefined; to?: string | undefined; id?: string },
    ) {
      if (range.from && range.to && Date.parse(range.from) > Date.parse(range.to))
        throw badRequest(M.badRange);
      const timezone = await timezoneOf(userId);
      const rows = range.id
        ? [await owned(userId, range.id)]
        : await repository.inRange(userId, {
            timezone,
            from: bound(range.from),
            to: bound(range.to),
          });
      const tags = await repository.tagsOf(rows.map((r) => r.id));
      return { timezone, entries: rows.map((r) => toEntry(r, tags.get(r.id) ?? [])) };
    },

    /** The account export: entries with tags and audio ids, their history, tags, drafts. */
    async exportFor(userId: string) {
      const all = await repository.everythingOf(userId);
      return {
        entries: all.entries.map((e) => ({
          ...toEntry(e, all.entryTags.get(e.id) ?? []),
          transcript: e.transcript,
          audio_file_id: e.audioFileId,
          duration_ms: e.durationMs,
        })),
        history: all.versions.map((v) => ({
          entry_id: v.entryId,
          title: v.title,
          content: v.content,
          mood: v.mood,
          privacy_level: v.privacyLevel,
          tags: v.tags,
          edited_at: v.editedAt.toISOString(),
        })),
        tags: all.tags,
        drafts: all.drafts.map((d) => ({
          key: d.entryKey,
          draft: d.draft,
          updated_at: d.updatedAt.toISOString(),
        })),
      };
    },

    async deleteDataOf(userId: string) {
      const fileIds = await repository.deleteDataOf(userId);
      const audio = await Promise.all(fileIds.map((id) => deps.files.find(id)));
      await deps.files.remove(audio.filter((file) => file !== null));
    },
  };
}
