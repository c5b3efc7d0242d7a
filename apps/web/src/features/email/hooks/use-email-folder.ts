import type { MailFolder } from '@kaleido/shared/email/email.schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { emailKeys, fetchMailCounts, fetchMailPage } from '../../../lib/api/email';

/** The folder counts, and a folder's messages (or a search's) page by page, newest first. */
export function useEmailFolder(folder: MailFolder, q: string, enabled: boolean) {
  const counts = useQuery({ queryKey: emailKeys.counts, queryFn: fetchMailCounts });
  const list = useInfiniteQuery({
    queryKey: emailKeys.list(folder, q),
    queryFn: ({ pageParam }) => fetchMailPage(folder, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
  const messages = useMemo(() => list.data?.pages.flatMap((p) => p.messages) ?? [], [list.data]);
  return { counts, list, messages };
}
