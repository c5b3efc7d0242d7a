import { SOURCE_KIND_LABELS, type InsightKind } from '@kaleido/shared/insights/insights.constants';
import type { InsightCard } from '@kaleido/shared/insights/insight-cards.schemas';
import { TIME_BANDS } from './rules/bands';
import { BETTER_WORSE_DAYS_METHODS, factorCards } from './rules/better-worse-days';
import { COMPARISONS_METHODS, comparisonCard } from './rules/comparisons';
import { dataFromItems, type InsightData } from './rules/data';
import { statsOver } from './rules/day-figures';
import { EMOTION_MIX_METHODS, emotionMixCard } from './rules/emotion-mix';
import { resolveCardsFromItems, type DraftCard } from './rules/evidence';
import type { InsightContext, InsightItem, InsightMethod } from './rules/shared';
import { THEMES_METHODS, themesCard } from './rules/themes';
import { TRENDS_METHODS, trendCard } from './rules/trends';
import { WEEKLY_REFLECTION_METHODS, weeklyCard } from './rules/weekly-reflection';

/**
 * Insight cards from a person's analysed items: pure functions of the rows, the clock, the
 * person's timezone and tone, one file per kind under rules/ (shared.ts: items, days, wording,
 * evidence; ../statistics.ts: every interval). Each card says what it rests on (n), how sure it
 * is (a 95% interval) and which items and words drove it; below its minimum it says it does not
 * know.
 */

/** Every card of one kind (better/worse days may give several), evidence still to look up. */
export function draftsOfKind(
  kind: InsightKind,
  data: InsightData,
  context: InsightContext,
): DraftCard[] {
  switch (kind) {
    case 'valence_trend':
    case 'mood_trend':
      return [trendCard(kind, data, context)];
    case 'emotion_mix':
      return [emotionMixCard(data, context)];
    case 'themes':
      return [themesCard(data, context)];
    case 'better_worse_days':
      return factorCards(data, context);
    case 'channel_patterns': {
      const kinds = new Set(data.days.flatMap((d) => d.figures.kinds));
      return [
        comparisonCard(
          kind,
          [...kinds].map((k) => ({
            label: SOURCE_KIND_LABELS[k],
            filter: { kind: k },
            stats: statsOver(data.days, (d) => d.byKind[k]),
          })),
          context,
        ),
      ];
    }
    case 'time_of_day':
      return [
        comparisonCard(
          kind,
          TIME_BANDS.map((band) => ({
            label: band.label,
            filter: { band: band.label },
            stats: statsOver(data.days, (d) => d.byBand[band.label]),
          })),
          context,
        ),
      ];
    case 'weekly_reflection':
      return [weeklyCard(data, context)];
  }
}

/** Every card of one kind from items in memory (the reference the rollups must agree with). */
export function cardsOfKind(
  kind: InsightKind,
  items: InsightItem[],
  context: InsightContext,
): InsightCard[] {
  return resolveCardsFromItems(
    draftsOfKind(kind, dataFromItems(items, context), context),
    items,
    context.timezone,
  );
}

/** How each kind is worked out, and what it cannot say (the detail pages show these). */
export const INSIGHT_METHODS: Record<InsightKind, InsightMethod> = {
  ...TRENDS_METHODS,
  ...EMOTION_MIX_METHODS,
  ...THEMES_METHODS,
  ...BETTER_WORSE_DAYS_METHODS,
  ...COMPARISONS_METHODS,
  ...WEEKLY_REFLECTION_METHODS,
};
