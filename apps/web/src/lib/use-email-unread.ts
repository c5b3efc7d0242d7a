import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchMailCounts, emailKeys } from './api/email';
import { eventData, realtime } from './realtime';

/**
 * The unread mail in the inbox, live wherever the app shell shows it (the sidebar's Email
 * item): new mail (`mail.received`), a read or move in any tab (`mail.changed`) and a
 * reconnect (events may have been missed) refetch the folder counts the mailbox shares.
 */
export function useEmailUnread(): number {
  const queryClient = useQueryClient();
  const counts = useQuery({ queryKey: emailKeys.counts, queryFn: fetchMailCounts });
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: emailKeys.counts });
    const stopEvents = realtime.onEvent((message) => {
      if (eventData(message, 'mail.received') || eventData(message, 'mail.changed')) refetch();
    });
    const stopStatus = realtime.onStatus(() => {
      if (realtime.getStatus() === 'open') refetch();
    });
    return () => {
      stopEvents();
      stopStatus();
    };
  }, [queryClient]);
  return counts.data?.counts.inbox.unread ?? 0;
}

/** A count as a badge shows it: '99+' past 99. */
export const badgeCount = (n: number) => (n > 99 ? '99+' : String(n));
