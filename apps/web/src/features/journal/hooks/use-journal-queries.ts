import { queryOptions, useQuery } from '@tanstack/react-query';
import { journalKeys } from '../../../lib/api/journal';
import { profileQuery } from '../../../lib/api/profile';
import { settingsQuery } from '../../../lib/api/settings';
import { newEntryPrivacy } from '../journal-format';
import {
  fetchJournalCalendar,
  fetchJournalEntry,
  fetchJournalHistory,
  fetchJournalTags,
} from '../api/journal-requests';

/** A voice entry whose transcript is pending is read again this often, in case an event is missed. */
const PENDING_TRANSCRIPT_POLL_MS = 5_000;

export const journalEntryQuery = (id: string) =>
  queryOptions({
    queryKey: journalKeys.entry(id),
    queryFn: () => fetchJournalEntry(id),
    refetchInterval: (query) =>
      query.state.data?.transcriptStatus === 'pending' ? PENDING_TRANSCRIPT_POLL_MS : false,
  });

export const journalHistoryQuery = (id: string) =>
  queryOptions({ queryKey: journalKeys.history(id), queryFn: () => fetchJournalHistory(id) });

export const journalTagsQuery = () =>
  queryOptions({ queryKey: journalKeys.tags, queryFn: fetchJournalTags });

export const journalCalendarQuery = (month: string) =>
  queryOptions({
    queryKey: journalKeys.calendar(month),
    queryFn: () => fetchJournalCalendar(month),
    placeholderData: (previous) => previous,
  });

/** The person's timezone (profile, SPEC §3): every date on the journal screens is shown in it. */
export function useUserTimezone(): string | undefined {
  const { data } = useQuery(profileQuery());
  const timezone = data?.values.timezone;
  return typeof timezone === 'string' && timezone ? timezone : undefined;
}

/** What a new entry's privacy starts as (Settings → Privacy); undefined while loading. */
export function useNewEntryPrivacy() {
  const { data, isError } = useQuery(settingsQuery());
  return newEntryPrivacy(data, isError);
}
