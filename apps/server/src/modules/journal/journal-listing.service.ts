import { JOURNAL_MESSAGES as M } from '@kaleido/shared/journal/journal.constants';
import type {
  JournalCalendar,
  JournalEntryPage,
  JournalListQuery,
} from '@kaleido/shared/journal/journal.schemas';
import { badRequest } from '../../http/errors';
import type { EntryFilter } from './journal-entry-filter';
import { toEntry, type JournalEntryKit } from './journal-entry-kit';
import { bound, decodeCursor, encodeCursor, markHighlight } from './journal-paging';
import type { JournalSearchRepository } from './journal-search.repository';
import type { JournalRepository } from './journal.repository';

export type JournalListing = ReturnType<typeof createJournalListing>;

/** Finding entries: the timeline (filters, words, pages) and the calendar month, by local day. */
export function createJournalListing(deps: {
  search: JournalSearchRepository;
  repository: Pick<JournalRepository, 'tagsOf'>;
  kit: Pick<JournalEntryKit, 'timezoneOf'>;
}) {
  const { search, repository, kit } = deps;

  return {
    async list(userId: string, query: JournalListQuery): Promise<JournalEntryPage> {
      const filter: EntryFilter = {
        timezone: await kit.timezoneOf(userId),
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
      const rows = await search.list(userId, filter, position, query.limit);
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

    async calendar(userId: string, month: string): Promise<JournalCalendar> {
      const timezone = await kit.timezoneOf(userId);
      return { month, timezone, days: await search.calendar(userId, month, timezone) };
    },
  };
}
