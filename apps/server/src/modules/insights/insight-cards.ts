import {
  INSIGHT_KINDS,
  INSIGHT_KIND_TITLES,
  type InsightKind,
  type InsightPeriod,
  type InsightReader,
} from '@kaleido/shared/insights/insights.constants';
import type {
  InsightCard,
  InsightDetail,
  InsightList,
} from '@kaleido/shared/insights/insight-cards.schemas';
import type { AnalysedItemsRepository } from './analysed-items.repository';
import type { CardComputation } from './card-computation';
import { currentCardId } from './card-provenance';
import type { DisputesRepository } from './disputes.repository';
import { DEFAULT_PERIOD, type InsightContexts } from './insight-context';
import { INSIGHT_METHODS } from './insight-rules';
import type { InsightsSettingsRepository } from './insights-settings.repository';
import type { ReflectionWriter } from './reflection-writer';
import { bucketOf, dayOf, type InsightContext } from './rules/shared';

export type InsightCards = ReturnType<typeof createInsightCards>;

/**
 * Insights for their owner: cards from the person's own analysed items, in their tone, without
 * the ones they disputed. Only ever the caller's data.
 */
export function createInsightCards(deps: {
  computation: Pick<CardComputation, 'allCards'>;
  contexts: InsightContexts;
  settings: Pick<InsightsSettingsRepository, 'enabled' | 'llmReflection'>;
  items: Pick<AnalysedItemsRepository, 'countItems'>;
  disputes: Pick<DisputesRepository, 'disputesOf'>;
  /** Set when the operator configured LLM_*: writes weekly reflections for those who chose it. */
  reflections?: ReflectionWriter | null;
}) {
  const { settings, contexts } = deps;

  /** The weekly reflection as the operator's language model wrote it, for those who chose it. */
  async function written(
    reader: InsightReader,
    userId: string,
    cards: InsightCard[],
    facts: string | null,
    context: InsightContext,
  ) {
    const writer = deps.reflections;
    if (
      reader !== 'self' ||
      !writer ||
      !facts ||
      !cards.some((c) => c.kind === 'weekly_reflection')
    )
      return cards;
    if (!(await settings.llmReflection(userId))) return cards;
    const week = bucketOf(dayOf(context.now, context.timezone), 'week');
    return Promise.all(
      cards.map(async (c) => {
        if (c.kind !== 'weekly_reflection' || c.status !== 'ok') return c;
        const text = await writer.textFor(userId, week, facts, c.tone);
        return text ? { ...c, claim: text, writtenBy: 'language_model' as const } : c;
      }),
    );
  }

  /**
   * The person's cards of these kinds in a period: `all` of them, and `cards` without the ones
   * they disputed (cards named as cards are named now; older disputes named words).
   */
  async function ofKinds(
    userId: string,
    period: InsightPeriod,
    kinds: readonly InsightKind[],
    reader: InsightReader = 'self',
  ) {
    const [context, disputes] = await Promise.all([
      contexts.of(userId, period, reader),
      deps.disputes.disputesOf(userId),
    ]);
    const subjectIds = contexts.subjectIds(userId);
    const disputed = new Set(disputes.map((d) => currentCardId(d.insightId, subjectIds)));
    const wanted = new Set(kinds);
    const computed = kinds.length ? await deps.computation.allCards(userId, context) : null;
    // The language model's reflection speaks to the person; another reader gets the template.
    const all = await written(
      reader,
      userId,
      (computed?.cards ?? []).filter((c) => wanted.has(c.kind)),
      computed?.weeklyFacts ?? null,
      context,
    );
    return {
      context,
      disputed,
      all,
      cards: all.filter((c) => !disputed.has(c.id)),
      hidden: all.filter((c) => disputed.has(c.id)).length,
    };
  }

  return {
    ofKinds,

    async list(userId: string, period: InsightPeriod = DEFAULT_PERIOD): Promise<InsightList> {
      const enabled = await settings.enabled(userId);
      const context = await contexts.of(userId, period);
      if (!enabled)
        return {
          analysisEnabled: false,
          tone: context.tone,
          itemsAnalysed: await deps.items.countItems(userId),
          hiddenCount: 0,
          cards: [],
          generatedAt: context.now.toISOString(),
        };
      const result = await ofKinds(userId, period, INSIGHT_KINDS);
      return {
        analysisEnabled: true,
        tone: result.context.tone,
        itemsAnalysed: await deps.items.countItems(userId),
        hiddenCount: result.hidden,
        cards: result.cards,
        generatedAt: result.context.now.toISOString(),
      };
    },

    async detail(
      userId: string,
      kind: InsightKind,
      period: InsightPeriod = DEFAULT_PERIOD,
    ): Promise<InsightDetail> {
      const enabled = await settings.enabled(userId);
      const result = await ofKinds(userId, period, enabled ? [kind] : []);
      return {
        kind,
        title: INSIGHT_KIND_TITLES[kind],
        analysisEnabled: enabled,
        tone: result.context.tone,
        cards: result.cards,
        method: INSIGHT_METHODS[kind].method,
        caveats: INSIGHT_METHODS[kind].caveats,
        generatedAt: result.context.now.toISOString(),
      };
    },
  };
}
