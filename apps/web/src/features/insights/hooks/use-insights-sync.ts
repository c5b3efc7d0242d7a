import type { ServerEventName } from '@kaleido/shared/realtime/events';
import { useRefetchOnEvents } from '../../../lib/use-refetch-on-events';
import { insightKeys } from '../api/insights-requests';

/**
 * What may move an insight: an item analysed, removed or disputed (`insights.updated`), and the
 * saves that lead to one (a journal entry, a message, a transcript, mail) — the events the
 * dashboard's figures follow, so the cards it shows move with them.
 */
const INSIGHTS_EVENTS: readonly ServerEventName[] = [
  'journal.entry.changed',
  'conversation.updated',
  'message.created',
  'notification.created',
  'transcription.updated',
  'insights.updated',
  'mail.received',
  'mail.changed',
];

const INSIGHTS_QUERIES = [insightKeys.all];

/** Keeps the person's insights live (cards, detail pages, the personal model, personality). */
export function useInsightsSync(): void {
  useRefetchOnEvents(INSIGHTS_EVENTS, INSIGHTS_QUERIES);
}
