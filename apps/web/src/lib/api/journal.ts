import type {
  JournalInputType,
  Mood,
  PrivacyLevel,
} from '@kaleido/shared/journal/journal.constants';
import type { JournalEntryPage } from '@kaleido/shared/journal/journal.schemas';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * The journal's timeline and search: the journal screens page through it, the palette's 'Search
 * Everything' reads its first page. Both use these keys, so one search has one cache entry.
 */
export interface JournalFilters {
  q?: string;
  from?: string;
  to?: string;
  mood?: Mood;
  tag?: string;
  type?: JournalInputType;
  privacy?: PrivacyLevel;
}

export const journalKeys = {
  all: ['journal'] as const,
  lists: ['journal', 'list'] as const,
  list: (filters: JournalFilters) => ['journal', 'list', filters] as const,
  entry: (id: string) => ['journal', 'entry', id] as const,
  history: (id: string) => ['journal', 'entry', id, 'history'] as const,
  tags: ['journal', 'tags'] as const,
  calendars: ['journal', 'calendar'] as const,
  calendar: (month: string) => ['journal', 'calendar', month] as const,
  draft: (key: string) => ['journal', 'draft', key] as const,
  prompts: ['journal', 'prompts'] as const,
};

export function fetchJournalPage(
  filters: JournalFilters,
  cursor: string | null,
): Promise<JournalEntryPage> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, String(value));
  if (cursor) query.set('cursor', cursor);
  return api.get<JournalEntryPage>(`/api/journal/entries?${query.toString()}`);
}

/** Newest first, or by relevance when `q` is set (with a highlighted snippet per entry). */
export const journalListQuery = (filters: JournalFilters) =>
  infiniteQueryOptions({
    queryKey: journalKeys.list(filters),
    queryFn: ({ pageParam }) => fetchJournalPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: (previous) => previous,
  });

/** Where an entry opens (SPEC §2: /text/{entryId} or /voice/{entryId}). */
export const journalEntryPath = (entry: { id: string; input_type: string }) =>
  `/app/journal/${entry.input_type === 'audio' ? 'voice' : 'text'}/${entry.id}`;
