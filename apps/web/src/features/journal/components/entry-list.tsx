import { useInfiniteQuery } from '@tanstack/react-query';
import { BookOpen, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { JournalFilters } from '../../../lib/api/journal';
import { journalListQuery } from '../../../lib/api/journal';
import { useUserTimezone } from '../hooks/use-journal-queries';
import { EntryFilters } from './entry-filters';
import { EntryListItem } from './entry-list-item';

/** The timeline: newest first, or by relevance while searching; more pages load on scroll. */
export function EntryList() {
  const searchId = useId();
  const timezone = useUserTimezone();
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<JournalFilters>({});
  const q = useDebouncedValue(text.trim());
  const query = useInfiniteQuery(journalListQuery({ ...filters, q: q || undefined }));
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  const narrowed = q !== '' || Object.values(filters).some(Boolean);

  // Infinite scroll: the sentinel under the list asks for the next page when it comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section aria-labelledby="journal-list-title" className="flex flex-col gap-3">
      <h2 id="journal-list-title" className="text-lg font-semibold">
        Your entries
      </h2>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search your journal
        </label>
        <Search
          className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          className="pl-9"
          placeholder="Search your journal"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <EntryFilters value={filters} onChange={setFilters} />
      {query.isPending && <Spinner label="Loading entries" />}
      {query.isError && (
        <Alert tone="error">
          Failed to load your entries: {query.error.message}{' '}
          <Button variant="link" size="inline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {query.isSuccess && entries.length === 0 && (
        <EmptyState
          icon={BookOpen}
          title={narrowed ? 'No matching entries' : 'No journal entries yet'}
        >
          {narrowed
            ? 'Try other words or widen the filters.'
            : 'Write or speak your first entry; it will be listed here by date.'}
        </EmptyState>
      )}
      {entries.length > 0 && (
        <ul className="flex flex-col gap-2" aria-busy={query.isFetching} data-testid="journal-list">
          {entries.map((entry) => (
            <EntryListItem key={entry.id} entry={entry} timezone={timezone} />
          ))}
        </ul>
      )}
      <div ref={sentinel} />
      {hasNextPage && (
        <Button
          variant="outline"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </section>
  );
}
