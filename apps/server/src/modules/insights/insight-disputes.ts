import {
  INSIGHT_KINDS,
  INSIGHTS_MESSAGES as M,
  type InsightPeriod,
} from '@kaleido/shared/insights/insights.constants';
import type { InsightCard } from '@kaleido/shared/insights/insight-cards.schemas';
import type {
  Dispute,
  DisputeBody,
  DisputeList,
} from '@kaleido/shared/insights/personal-model.schemas';
import { notFound } from '../../http/errors';
import { currentCardId } from './card-provenance';
import type { DisputeRow, DisputesRepository } from './disputes.repository';
import type { InsightCards } from './insight-cards';
import type { InsightContexts } from './insight-context';
import type { InsightsAnnouncements } from './insights-announcements';
import type { PersonalModelLearning } from './personal-model-learning';

/** A dispute as shown, naming its card as cards are named now (older ones named words). */
export const disputeAsShown = (
  row: DisputeRow,
  subjectIds: (subject: string) => string,
): Dispute => ({
  id: row.id,
  insightId: currentCardId(row.insightId, subjectIds),
  kind: row.kind,
  claim: row.claim,
  reason: row.reason,
  words: row.words,
  createdAt: row.createdAt.toISOString(),
});

export type InsightDisputes = ReturnType<typeof createInsightDisputes>;

/**
 * "This doesn't fit me": a disputed card is hidden, its reason kept, and its words left out of
 * the person's mood model until the dispute is undone.
 */
export function createInsightDisputes(deps: {
  cards: Pick<InsightCards, 'ofKinds'>;
  contexts: Pick<InsightContexts, 'subjectIds'>;
  disputes: DisputesRepository;
  learning: Pick<PersonalModelLearning, 'retrain'>;
  announcements: Pick<InsightsAnnouncements, 'announce'>;
  now: () => Date;
}) {
  const { disputes, learning, announcements } = deps;

  return {
    /**
     * "This doesn't fit me" on a claim ('not enough data' claims nothing): the card (as it
     * stands now, in any period) is hidden from now on,
     * the reason kept, and its words left out of the person's mood model.
     */
    async dispute(userId: string, body: DisputeBody): Promise<Dispute> {
      const subjectIds = deps.contexts.subjectIds(userId);
      // A page open since before card ids lost their words may still name a card by them.
      const insightId = currentCardId(body.insightId, subjectIds);
      const kind = INSIGHT_KINDS.find((k) => insightId === k || insightId.startsWith(`${k}:`));
      if (!kind) throw notFound(M.insightNotFound);
      const periods: InsightPeriod[] = ['day', 'week', 'month'];
      let found: InsightCard | undefined;
      for (const period of periods) {
        const result = await deps.cards.ofKinds(userId, period, [kind]);
        // Disputed already: the reason is updated.
        found = result.all.find((c) => c.id === insightId && c.status === 'ok');
        if (found) break;
      }
      if (!found) throw notFound(M.insightNotFound);
      const row = await disputes.saveDispute({
        userId,
        insightId: found.id,
        kind,
        claim: found.claim,
        reason: body.reason,
        words: found.evidence.words,
        createdAt: deps.now(),
      });
      await learning.retrain(userId);
      await announcements.announce(userId, { reason: 'disputed' });
      return disputeAsShown(row, subjectIds);
    },

    /** The person's hidden insights ("Hidden insights" lists them, each with Restore). */
    async list(userId: string): Promise<DisputeList> {
      const subjectIds = deps.contexts.subjectIds(userId);
      const rows = await disputes.disputesOf(userId);
      return { disputes: rows.map((row) => disputeAsShown(row, subjectIds)) };
    },

    /** Undo a dispute: the card may show again; its words count again. */
    async undoDispute(userId: string, id: string) {
      if (!(await disputes.deleteDispute(userId, id))) throw notFound(M.insightNotFound);
      await learning.retrain(userId);
      await announcements.announce(userId, { reason: 'disputed' });
    },
  };
}
