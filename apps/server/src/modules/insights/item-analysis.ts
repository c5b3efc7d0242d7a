import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ANALYSIS_VERSION, INSIGHT_MINIMUMS } from '@kaleido/shared/insights/insights.constants';
import type { MoodEstimate } from '@kaleido/shared/insights/item-analysis.schemas';
import type {
  ContentEvents,
  ContentItem,
  ContentRef,
  ContentSource,
} from '../content/content-events';
import type {
  AnalysedItemsRepository,
  AnalysisItemRow,
  NewAnalysisItem,
} from './analysed-items.repository';
import type { DailyRollups } from './daily-rollups';
import { EMOTIONAL_STATE_KEYS, emotionalStateOf } from './emotional-state';
import type { InsightsAnnouncements } from './insights-announcements';
import type { InsightsSettingsRepository } from './insights-settings.repository';
import { estimateMood } from './personal-model';
import type { PersonalModelLearning } from './personal-model-learning';
import { analyse } from './text-analysis';

const SNIPPET_LENGTH = 160;

function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH - 1)}…` : flat;
}

/** The derived row kept for an item: its analysis, the mood estimate and what cards show. */
function analysedRowOf(
  ref: ContentRef,
  item: ContentItem,
  analysed: ReturnType<typeof analyse> & { estimate: MoodEstimate | null; hash: string },
  at: Date,
): NewAnalysisItem {
  const { result, terms, estimate, hash } = analysed;
  return {
    userId: ref.userId,
    sourceKind: ref.kind,
    sourceId: ref.id,
    occurredAt: item.occurredAt,
    mood: item.mood,
    estimatedMood: estimate,
    valence: result.valence,
    dominantEmotion: result.dominantEmotion,
    result,
    terms,
    title: item.title,
    snippet: snippetOf(item.text),
    href: item.href,
    tags: item.tags,
    contentHash: hash,
    analysedAt: at,
  };
}

export type ItemAnalysis = ReturnType<typeof createItemAnalysis>;

/**
 * The analysis of one item (DESIGN §9): whatever a person writes or says is analysed after it
 * is saved (analysis-jobs.ts), again when it changes, and its derived row goes when it goes.
 * Nothing is computed for someone who turned analysis off; nothing leaves the server.
 */
export function createItemAnalysis(deps: {
  items: AnalysedItemsRepository;
  settings: Pick<InsightsSettingsRepository, 'enabled'>;
  content: Pick<ContentEvents, 'source'>;
  learning: PersonalModelLearning;
  announcements: Pick<InsightsAnnouncements, 'announceChange'>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Daily rollups, kept in step with every item written or removed. */
  rollups: DailyRollups;
  /** The person's timezone (one the runtime knows): what their days are counted in. */
  timezoneOf: (userId: string) => Promise<string>;
  now: () => Date;
}) {
  const { items, rollups, learning, announcements } = deps;

  /** Removes an item's derived row and its share of its day. Returns whether a row went. */
  async function removeItem(userId: string, kind: ContentRef['kind'], sourceId: string) {
    const existing = await items.findItem(userId, kind, sourceId);
    if (!existing) return null;
    await rollups.write(userId, await deps.timezoneOf(userId), [existing.occurredAt], (tx) =>
      tx.deleteItem(userId, kind, sourceId),
    );
    return existing;
  }

  /** Told after an item is analysed anew (care alerts); their errors are logged, not thrown. */
  const analysedListeners: ((userId: string) => Promise<void>)[] = [];

  /**
   * Saved again unchanged (a title, privacy): nothing new to learn. The summary is written
   * again, since a person may have replaced the whole emotional_state meanwhile.
   */
  async function refreshUnchanged(
    ref: ContentRef,
    existing: AnalysisItemRow,
    item: Pick<ContentItem, 'title' | 'href'>,
    source: ContentSource,
  ) {
    if (existing.title !== item.title || existing.href !== item.href) {
      await rollups.write(
        ref.userId,
        await deps.timezoneOf(ref.userId),
        [existing.occurredAt],
        (tx) => tx.upsertItem({ ...existing, title: item.title, href: item.href }),
      );
      // Cards name their evidence by title: the kept ones are out of date.
      await announcements.announceChange(ref.userId, {
        reason: 'analysed',
        sourceKind: ref.kind,
        sourceId: ref.id,
      });
    }
    await source.setEmotionalState?.(
      ref.id,
      emotionalStateOf(existing.result, existing.estimatedMood),
      EMOTIONAL_STATE_KEYS,
    );
  }

  async function analyseItem(ref: ContentRef): Promise<void> {
    if (!(await deps.settings.enabled(ref.userId))) return;
    const source = deps.content.source(ref.kind);
    if (!source) return;
    const item = await source.load(ref.id);
    if (!item || item.userId !== ref.userId || !item.text.trim()) {
      if (await removeItem(ref.userId, ref.kind, ref.id))
        await announcements.announceChange(ref.userId, {
          reason: 'removed',
          sourceKind: ref.kind,
          sourceId: ref.id,
        });
      return;
    }
    const hash = createHash('sha256')
      .update(JSON.stringify([ANALYSIS_VERSION, item.text, item.mood, item.tags]))
      .digest('hex');
    const existing = await items.findItem(ref.userId, ref.kind, ref.id);
    if (existing?.contentHash === hash) return refreshUnchanged(ref, existing, item, source);
    const { result, terms } = analyse(item.text);
    const estimate = item.mood
      ? null
      : estimateMood(await learning.modelOf(ref.userId), terms, INSIGHT_MINIMUMS.modelEntries);
    const row = analysedRowOf(ref, item, { result, terms, estimate, hash }, deps.now());
    await rollups.write(
      ref.userId,
      await deps.timezoneOf(ref.userId),
      [item.occurredAt, existing?.occurredAt],
      (tx) => tx.upsertItem(row),
    );
    await source.setEmotionalState?.(
      ref.id,
      emotionalStateOf(result, estimate),
      EMOTIONAL_STATE_KEYS,
    );
    if (item.mood !== null || existing?.mood) await learning.retrain(ref.userId);
    await announcements.announceChange(ref.userId, {
      reason: 'analysed',
      sourceKind: ref.kind,
      sourceId: ref.id,
    });
    for (const listener of analysedListeners)
      await listener(ref.userId).catch((error: unknown) => {
        deps.log.error({ err: error }, 'a listener of analysed items failed');
      });
  }

  return {
    analyseItem,

    /** A deleted item's derived row goes, with its day's share and what the model learned. */
    async forget(ref: ContentRef) {
      const existing = await removeItem(ref.userId, ref.kind, ref.id);
      if (!existing) return;
      if (existing.mood) await learning.retrain(ref.userId);
      await announcements.announceChange(ref.userId, {
        reason: 'removed',
        sourceKind: ref.kind,
        sourceId: ref.id,
      });
    },

    /**
     * The person's daily rollups summed again from their items (after their derived rows were
     * changed by other means than this pipeline: an operator's repair, a test's backdating).
     */
    async rebuildRollups(userId: string) {
      await rollups.rebuild(userId, await deps.timezoneOf(userId));
    },

    /** Calls `listener` with the person's id each time one of their items is analysed anew. */
    onAnalysed(listener: (userId: string) => Promise<void>) {
      analysedListeners.push(listener);
    },
  };
}
