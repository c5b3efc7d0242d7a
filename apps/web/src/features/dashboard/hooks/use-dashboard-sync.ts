import type { ServerEventName } from '@kaleido/shared/realtime/events';
import { useRefetchOnEvents } from '../../../lib/use-refetch-on-events';
import { dashboardKeys } from '../api/dashboard-requests';

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

const DASHBOARD_QUERIES = [dashboardKeys.all];

/**
 * Keeps the dashboard's figures live: the events above refetch the summary (the insight cards
 * it shows keep themselves live: features/insights/hooks/use-insights-sync.ts).
 */
export function useDashboardSync(): void {
  useRefetchOnEvents(DASHBOARD_EVENTS, DASHBOARD_QUERIES);
}
