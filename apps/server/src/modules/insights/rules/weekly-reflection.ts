// The weekly reflection summary.
import {
  EMOTIONS,
  INSIGHT_MINIMUMS as MIN,
  SOURCE_KIND_LABELS,
  type InsightKind,
} from '@kaleido/shared/insights/insights.constants';
import { meanIntervalOf, welchInterval } from '../statistics';
import type { InsightData } from './data';
import { summaryOfStats } from './day-figures';
import type { DraftCard } from './evidence';
import {
  type InsightContext,
  DAY_MS,
  EVIDENCE_ITEMS,
  signed,
  intervalText,
  list,
  notEnough,
  amount,
  personOf,
  card,
  interval,
  capital,
  type InsightMethod,
} from './shared';

export function weeklyCard(data: InsightData, context: InsightContext): DraftCard {
  const weekWindow = [null, 7 * DAY_MS] as const;
  const week = data.byAge(...weekWindow);
  const before = data.byAge(7 * DAY_MS, 14 * DAY_MS);
  const weekRange = data.ageRange(...weekWindow);
  const base = {
    id: 'weekly_reflection',
    kind: 'weekly_reflection' as const,
    nUnit: 'items' as const,
    minimum: MIN.weeklyItems,
    period: 'week' as const,
    chart: null,
  };
  const { you, You, Your } = personOf(context);
  if (week.items < MIN.weeklyItems)
    return card(context, {
      ...base,
      ...notEnough(context.tone, {
        n: week.items,
        minimum: MIN.weeklyItems,
        nUnit: 'items',
        needs: `${MIN.weeklyItems} things written or said in the last 7 days`,
        sofar: `${you} have ${amount(week.items)} so far`,
      }),
      evidence: {
        items: [{ ranges: [weekRange], order: 'oldest', limit: MIN.weeklyItems }],
        words: [],
      },
    });
  const valence = meanIntervalOf(summaryOfStats(week.all));
  const emotionCounts = EMOTIONS.map((e) => ({ e, c: week.emotions[e] })).sort((a, b) => b.c - a.c);
  const topEmotion = emotionCounts[0] && emotionCounts[0].c > 0 ? emotionCounts[0].e : null;
  const themes = week.mentions
    .filter(([, c]) => c >= 2)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([t]) => t);
  const channels = [...new Set(week.kinds.map((k) => SOURCE_KIND_LABELS[k].toLowerCase()))];
  const brightest = week.brightest;
  const comparison =
    before.items >= MIN.weeklyItems
      ? (() => {
          const d = welchInterval(summaryOfStats(week.all), summaryOfStats(before.all));
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
      `This week ${you} shared ${week.items} thing${week.items === 1 ? '' : 's'} through ${list(channels)}.`,
      `${Your} words felt ${feel}${comparison ? `, ${comparison}` : ''}.`,
      topEmotion ? `${capital(topEmotion)} came up most.` : '',
      themes.length ? `${You} kept returning to ${list(themes)}.` : '',
      brightest && brightest.valence > 0.2 ? `A bright moment: "${brightest.title}".` : '',
      `Whatever the week held, ${you} took the time to reflect.`,
    ],
    neutral: [
      `Last 7 days: ${week.items} item${week.items === 1 ? '' : 's'} (${list(channels)}).`,
      `Average valence ${signed(valence.estimate)} (${intervalText(valence)}), ${feel}${comparison ? `; ${comparison}` : ''}.`,
      topEmotion ? `Most frequent emotion: ${topEmotion}.` : '',
      themes.length ? `Recurring themes: ${list(themes)}.` : '',
    ],
    direct: [
      `${week.items} items. Valence ${signed(valence.estimate)} (${intervalText(valence)})${comparison ? `, ${comparison}` : ''}.`,
      topEmotion ? `Top emotion: ${topEmotion}.` : '',
      themes.length ? `Themes: ${list(themes)}.` : '',
    ],
  };
  return card(context, {
    ...base,
    status: 'ok',
    n: week.items,
    interval: interval(valence, 'mean valence this week (−1..1)'),
    claim: sentences[context.tone].filter(Boolean).join(' '),
    evidence: {
      items: [{ ranges: [weekRange], order: 'most_felt', limit: EVIDENCE_ITEMS }],
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
