import { INSIGHT_KINDS } from '@kaleido/shared/insights/insights.constants';
import type { InsightCard } from '@kaleido/shared/insights/insight-cards.schemas';
import { parseSourceRef, sourceRef, type Derived, type SourceRef } from '../content/provenance';
import type { AnalysedItemsRepository } from './analysed-items.repository';
import { CARD_CARRIES, withoutEvidence } from './card-provenance';
import { toInsightItem } from './daily-rollups';
import type { InsightCards } from './insight-cards';
import { DEFAULT_PERIOD, historyFrom } from './insight-context';
import { cardsOfKind } from './insight-rules';
import type { InsightsSettingsRepository } from './insights-settings.repository';

/** The kinds another reader may have from every item: numbers over fixed vocabularies. */
const FIGURE_KINDS = INSIGHT_KINDS.filter((k) => CARD_CARRIES[k] === 'figures');
/** The kinds that carry words: for another reader, computed from what they may read as text. */
const WORD_KINDS = INSIGHT_KINDS.filter((k) => CARD_CARRIES[k] === 'words');

/** What care may call: a person's cards as another reader may have them. */
export type CardsForReader = ReturnType<typeof createCardsForReader>;

/**
 * The person's cards for another reader (a professional), each with its provenance for the
 * reader's policy to decide on (decision 039).
 */
export function createCardsForReader(deps: {
  cards: Pick<InsightCards, 'ofKinds'>;
  settings: Pick<InsightsSettingsRepository, 'enabled'>;
  items: Pick<AnalysedItemsRepository, 'itemsByRefs'>;
}) {
  return {
    /**
     * The figure kinds from every item, as the person sees them; the kinds that carry words
     * computed again from exactly `textItems` (what that reader may read as text now), or not
     * at all. No evidence, no written reflection (the language model reads every item),
     * nothing the person disputed.
     */
    async forReader(
      userId: string,
      textItems: readonly SourceRef[],
    ): Promise<{ analysisEnabled: boolean; cards: Derived<InsightCard>[] }> {
      if (!(await deps.settings.enabled(userId))) return { analysisEnabled: false, cards: [] };
      const figures = await deps.cards.ofKinds(userId, DEFAULT_PERIOD, FIGURE_KINDS, 'other');
      const derived: Derived<InsightCard>[] = figures.cards.map((card) => ({
        value: withoutEvidence(card),
        provenance: { owner: userId, carries: CARD_CARRIES[card.kind], sources: 'all' },
      }));
      const refs = textItems.flatMap((ref) => parseSourceRef(ref) ?? []);
      const items = refs.length
        ? (await deps.items.itemsByRefs(userId, refs, historyFrom(figures.context.now))).map(
            toInsightItem,
          )
        : [];
      if (items.length > 0) {
        const sources = items.map((i) => sourceRef(i.sourceKind, i.sourceId));
        for (const kind of WORD_KINDS)
          for (const card of cardsOfKind(kind, items, figures.context))
            if (!figures.disputed.has(card.id))
              derived.push({
                value: withoutEvidence(card),
                provenance: { owner: userId, carries: CARD_CARRIES[kind], sources },
              });
      }
      const order = (card: InsightCard) => INSIGHT_KINDS.indexOf(card.kind);
      return {
        analysisEnabled: true,
        cards: derived.sort((a, b) => order(a.value) - order(b.value)),
      };
    },
  };
}
