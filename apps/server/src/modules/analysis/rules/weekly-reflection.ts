// The weekly reflection summary.
import {
  EMOTIONS,
  INSIGHT_MINIMUMS as MIN,
  SOURCE_KIND_LABELS,
  type InsightKind,
} from '@kaleido/shared/insights/insights.constants';
import type { InsightCard } from '@kaleido/shared/insights/insights.schemas';
import { differenceInterval, meanInterval } from '../statistics';
import {
  type InsightItem,
  type InsightContext,
  DAY_MS,
  EVIDENCE_ITEMS,
  signed,
  intervalText,
  list,
  notEnough,
  evidenceOf,
  card,
  interval,
  capital,
  type InsightMethod,
} from './shared';
import { themesOfItem } from './themes';

export function weeklyCard(all: InsightItem[], context: InsightContext): InsightCard {
  const now = context.now.getTime();
  const week = all.filter((i) => now - i.occurredAt.getTime() < 7 * DAY_MS);
  const before = all.filter((i) => {
    const age = now - i.occurredAt.getTime();
    return age >= 7 * DAY_MS && age < 14 * DAY_MS;
  });
  const base = {
    id: 'weekly_reflection',
    kind: 'weekly_reflection' as const,
    nUnit: 'items' as const,
    minimum: MIN.weeklyItems,
    period: 'week' as const,
    chart: null,
  };
  if (week.length < MIN.weeklyItems)
    return card(context, {
      ...base,
      status: 'not_enough_data',
      n: week.length,
      interval: null,
      claim: notEnough(
        context.tone,
        `at least ${MIN.weeklyItems} things written or said in the last 7 days.`,
      ),
      evidence: { items: week.map(evidenceOf), words: [] },
    });
  const valence = meanInterval(week.map((i) => i.valence));
  const emotionCounts = EMOTIONS.map((e) => ({
    e,
    c: week.reduce((s, i) => s + i.result.emotions[e].count, 0),
  })).sort((a, b) => b.c - a.c);
  const topEmotion = emotionCounts[0] && emotionCounts[0].c > 0 ? emotionCounts[0].e : null;
  const themeCounts = new Map<string, number>();
  for (const item of week)
    for (const t of themesOfItem(item)) themeCounts.set(t, (themeCounts.get(t) ?? 0) + 1);
  const themes = [...themeCounts.entries()]
    .filter(([, c]) => c >= 2)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([t]) => t);
  const channels = [...new Set(week.map((i) => SOURCE_KIND_LABELS[i.sourceKind].toLowerCase()))];
  const brightest = [...week].sort((a, b) => b.valence - a.valence)[0];
  const comparison =
    before.length >= MIN.weeklyItems
      ? (() => {
          const d = differenceInterval(
            week.map((i) => i.valence),
            before.map((i) => i.valence),
          );
          return d.low > 0
            ? 'more positive than the week before'
            : d.high < 0
              ? 'less positive than the week before'
              : 'much like the week before';
        })()
      : null;
  const feel =
    valence.estimate >= 0.2
      ? 'mostly positive'
      : valence.estimate <= -0.2
        ? 'mostly heavy'
        : 'mixed';
  const sentences = {
    gentle: [
      `This week you shared ${week.length} thing${week.length === 1 ? '' : 's'} through ${list(channels)}.`,
      `Your words felt ${feel}${comparison ? `, ${comparison}` : ''}.`,
      topEmotion ? `${capital(topEmotion)} came up most.` : '',
      themes.length ? `You kept returning to ${list(themes)}.` : '',
      brightest && brightest.valence > 0.2 ? `A bright moment: "${brightest.title}".` : '',
      'Whatever the week held, you took the time to reflect.',
    ],
    neutral: [
      `Last 7 days: ${week.length} item${week.length === 1 ? '' : 's'} (${list(channels)}).`,
      `Average valence ${signed(valence.estimate)} (${intervalText(valence)}), ${feel}${comparison ? `; ${comparison}` : ''}.`,
      topEmotion ? `Most frequent emotion: ${topEmotion}.` : '',
      themes.length ? `Recurring themes: ${list(themes)}.` : '',
    ],
    direct: [
      `${week.length} items. Valence ${signed(valence.estimate)} (${intervalText(valence)})${comparison ? `, ${comparison}` : ''}.`,
      topEmotion ? `Top emotion: ${topEmotion}.` : '',
      themes.length ? `Themes: ${list(themes)}.` : '',
    ],
  };
  return card(context, {
    ...base,
    status: 'ok',
    n: week.length,
    interval: interval(valence, 'mean valence this week (−1..1)'),
    claim: sentences[context.tone].filter(Boolean).join(' '),
    evidence: {
      items: [...week]
        .sort((a, b) => Math.abs(b.valence) - Math.abs(a.valence))
        .slice(0, EVIDENCE_ITEMS)
        .map(evidenceOf),
      words: themes,
    },
  });
}

/** How these cards are worked out, and what they cannot say (the detail pages show these). */
export const WEEKLY_REFLECTION_METHODS = {
  weekly_reflection: {
    method:
      'A summary of the last 7 days written from templates: how many things you shared, the average valence with its interval, the most frequent emotion and recurring themes. No text leaves the server.',
    caveats: ['A summary, not an assessment.'],
  },
} satisfies Partial<Record<InsightKind, InsightMethod>>;
