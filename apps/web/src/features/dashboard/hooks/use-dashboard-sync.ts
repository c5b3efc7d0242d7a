import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerEventName } from '@kaleido/shared/realtime/events';
import { realtime } from '../../../lib/realtime';
import { dashboardKeys } from '../api/dashboard-requests';
import { insightKeys } from '../api/insights-requests';

/**
 * What moves a figure: a journal entry saved or deleted (any tab), a message in one of the
 * person's conversations, a notification (a voice note received), a transcript done, an item
 * analysed or an insight disputed, mail received or read, moved or sent (any tab).
 */
export const DASHBOARD_EVENTS: readonly ServerEventName[] = [
  'journal.entry.changed',
  'conversation.updated',
  'message.created',
  'notification.created',
  'transcription.updated',
  'insights.updated',
  'mail.received',
  'mail.changed',
];

/** How long events are gathered before one refetch (a burst of messages is one request). */
const REFETCH_DELAY_MS = 300;

/** Keeps the dashboard's figures live: the events above refetch the summary. */
export function useDashboardSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = realtime.onEvent((message) => {
      if (!DASHBOARD_EVENTS.includes(message.name)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        void queryClient.invalidateQueries({ queryKey: insightKeys.all });
      }, REFETCH_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [queryClient]);
}
