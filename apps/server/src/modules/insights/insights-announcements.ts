import type { FastifyBaseLogger } from 'fastify';
import type { ServerInsightsEvent } from '@kaleido/shared/insights/insights.schemas';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';

export type InsightsAnnouncements = ReturnType<typeof createInsightsAnnouncements>;

/**
 * `insights.updated` told to the person's tabs: plainly (settings, disputes, a written
 * reflection), or, when one of their items changed, with the cards someone is looking at
 * prepared first (card-cache.ts, decision 035).
 */
export function createInsightsAnnouncements(deps: {
  bus: Pick<EventBus, 'publish'>;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  /** The cards' preparation (set once the cards exist: they are built after the analysis). */
  let prepareCards: ((userId: string) => Promise<string | null>) | null = null;

  async function announce(userId: string, data: ServerInsightsEvent) {
    await deps.bus.publish({ room: userRoom(userId), name: 'insights.updated', data });
  }

  return {
    announce,

    /**
     * An item's change announced, with the cards someone is looking at computed anew first, so
     * the dashboard that refetches on the announcement reads them ready. A failure to prepare
     * only leaves them to be computed on that read.
     */
    async announceChange(userId: string, data: ServerInsightsEvent) {
      let cardsToken: string | null = null;
      try {
        cardsToken = (await prepareCards?.(userId)) ?? null;
      } catch (error) {
        deps.log.error({ err: error }, 'insight cards not prepared');
      }
      await announce(userId, cardsToken ? { ...data, cardsToken } : data);
    },

    /** Lets the cards be prepared before an item's change is announced. */
    prepareCardsWith(prepare: (userId: string) => Promise<string | null>) {
      prepareCards = prepare;
    },
  };
}
