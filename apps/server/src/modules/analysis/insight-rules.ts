import { SOURCE_KIND_LABELS, type InsightKind } from '@kaleido/shared/insights/insights.constants';
import type { InsightCard } from '@kaleido/shared/insights/insights.schemas';
import { BETTER_WORSE_DAYS_METHODS, factorCards } from './rules/better-worse-days';
import { bandOf, COMPARISONS_METHODS, comparisonCard, TIME_BANDS } from './rules/comparisons';
import { EMOTION_MIX_METHODS, emotionMixCard } from './rules/emotion-mix';
import { localOf, type InsightContext, type InsightItem, type InsightMethod } from './rules/shared';
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

/** Every card of one kind (better/worse days may give several). */
export function cardsOfKind(
  kind: InsightKind,
  items: InsightItem[],
  context: InsightContext,
): InsightCard[] {
  switch (kind) {
    case 'valence_trend':
    case 'mood_trend':
      return [trendCard(kind, items, context)];
    case 'emotion_mix':
      return [emotionMixCard(items, context)];
    case 'themes':
      return [themesCard(items, context)];
    case 'better_worse_days':
      return factorCards(items, context);
    case 'channel_patterns': {
      const kinds = [...new Set(items.map((i) => i.sourceKind))];
      return [
        comparisonCard(
          kind,
          kinds.map((k) => ({
            label: SOURCE_KIND_LABELS[k],
            items: items.filter((i) => i.sourceKind === k),
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
            items: items.filter((i) => bandOf(localOf(i, context.timezone).hour) === band.label),
          })),
          context,
        ),
      ];
    case 'weekly_reflection':
      return [weeklyCard(items, context)];
  }
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
