import {
  INSIGHT_MINIMUMS,
  INSIGHTS_MESSAGES as M,
  type SourceKind,
} from '@kaleido/shared/insights/insights.constants';
import type { DerivedDataDeleted } from '@kaleido/shared/insights/insights.schemas';
import type { AnalysedItem } from '@kaleido/shared/insights/item-analysis.schemas';
import type { PersonalModel } from '@kaleido/shared/insights/personal-model.schemas';
import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { ContentEvents } from '../content/content-events';
import type { AnalysedItemsRepository } from './analysed-items.repository';
import { analysisJobKey } from './analysis-jobs';
import type { DerivedDataRepository } from './derived-data.repository';
import type { DisputesRepository } from './disputes.repository';
import { EMOTIONAL_STATE_KEYS } from './emotional-state';
import type { InsightContexts } from './insight-context';
import { disputeAsShown } from './insight-disputes';
import type { InsightsAnnouncements } from './insights-announcements';
import { topWords } from './personal-model';
import type { PersonalModelLearning } from './personal-model-learning';
import type { PersonalModelRepository } from './personal-model.repository';

export type DerivedData = ReturnType<typeof createDerivedData>;

/**
 * What was derived from the person's items, shown to them and theirs to delete: one item's
 * analysis, the personal model's summary, and "delete what was derived from me".
 */
export function createDerivedData(deps: {
  items: Pick<AnalysedItemsRepository, 'findItem' | 'countEstimated'>;
  derived: DerivedDataRepository;
  disputes: Pick<DisputesRepository, 'disputesOf'>;
  models: Pick<PersonalModelRepository, 'findModel'>;
  learning: Pick<PersonalModelLearning, 'modelOf'>;
  contexts: Pick<InsightContexts, 'subjectIds'>;
  content: Pick<ContentEvents, 'source'>;
  jobs: Pick<JobQueue, 'cancel'>;
  announcements: Pick<InsightsAnnouncements, 'announce'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { items, jobs, content } = deps;

  return {
    /** The analysis of one of the caller's items (404 when there is none, or it is not theirs). */
    async item(userId: string, kind: SourceKind, sourceId: string): Promise<AnalysedItem> {
      const row = await items.findItem(userId, kind, sourceId);
      if (!row) throw notFound(M.insightNotFound);
      return {
        sourceKind: row.sourceKind,
        sourceId: row.sourceId,
        occurredAt: row.occurredAt.toISOString(),
        analysedAt: row.analysedAt.toISOString(),
        mood: row.mood,
        estimatedMood: row.estimatedMood,
        result: row.result,
      };
    },

    async model(userId: string): Promise<PersonalModel> {
      const [model, row, disputes, estimated] = await Promise.all([
        deps.learning.modelOf(userId),
        deps.models.findModel(userId),
        deps.disputes.disputesOf(userId),
        items.countEstimated(userId),
      ]);
      const subjectIds = deps.contexts.subjectIds(userId);
      return {
        status: model.entries >= INSIGHT_MINIMUMS.modelEntries ? 'ok' : 'not_enough_data',
        entriesLearnedFrom: model.entries,
        vocabularySize: model.vocabulary,
        minimumEntries: INSIGHT_MINIMUMS.modelEntries,
        perMood: { ...model.docs },
        topWords: topWords(model),
        itemsEstimated: estimated,
        disputes: disputes.map((d) => disputeAsShown(d, subjectIds)),
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    },

    /**
     * Everything derived from the person's data goes: per-item results, the mood model,
     * disputes, and what analysis wrote into the items' emotional_state. Analysis stays as
     * chosen (on: new and edited items are analysed again from now on).
     */
    async deleteDerived(userId: string): Promise<DerivedDataDeleted> {
      const { items: gone, disputes } = await deps.derived.deleteDerived(userId);
      for (const item of gone) {
        await jobs.cancel(analysisJobKey({ userId, kind: item.kind, id: item.sourceId }));
        await content
          .source(item.kind)
          ?.setEmotionalState?.(item.sourceId, {}, EMOTIONAL_STATE_KEYS)
          .catch((error: unknown) => {
            deps.log.warn({ err: error }, 'emotional_state not cleared');
          });
      }
      await deps.announcements.announce(userId, { reason: 'cleared' });
      return {
        itemsDeleted: gone.length,
        disputesDeleted: disputes,
        message: M.derivedDeleted,
      };
    },
  };
}
