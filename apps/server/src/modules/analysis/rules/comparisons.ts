// Channel and time-of-day patterns: mean valence per group, the highest against the lowest.
import { type InsightKind } from '@kaleido/shared/insights/insights.constants';
import type { InsightCard, InsightChart } from '@kaleido/shared/insights/insights.schemas';
import { differenceInterval, mean, meanInterval } from '../statistics';
import {
  drivingWords,
  strongest,
  type InsightItem,
  type InsightContext,
  say,
  signed,
  intervalText,
  notEnough,
  card,
  interval,
  type InsightMethod,
} from './shared';

export const GROUP_MINIMUM = 3;

export function comparisonCard(
  kind: Extract<InsightKind, 'channel_patterns' | 'time_of_day'>,
  groups: { label: string; items: InsightItem[] }[],
  context: InsightContext,
): InsightCard {
  const usable = groups.filter((g) => g.items.length >= GROUP_MINIMUM);
  const n = groups.reduce((s, g) => s + g.items.length, 0);
  const bars = groups
    .filter((g) => g.items.length > 0)
    .map((g) => {
      const e = meanInterval(g.items.map((i) => i.valence));
      return { x: g.label, y: e.estimate, n: g.items.length, low: e.low, high: e.high };
    });
  const chart: InsightChart = {
    type: 'bars',
    unit: 'mean valence (−1..1)',
    bars,
    summary: bars.map((b) => `${b.x}: ${signed(b.y)} (${b.n} items)`).join('; '),
  };
  const what = kind === 'channel_patterns' ? 'channels' : 'times of day';
  const base = {
    id: kind,
    kind,
    nUnit: 'items' as const,
    minimum: GROUP_MINIMUM * 2,
    period: null,
    chart,
  };
  if (usable.length < 2)
    return card(context, {
      ...base,
      status: 'not_enough_data',
      n,
      interval: null,
      claim: notEnough(context.tone, `at least ${GROUP_MINIMUM} items in each of two ${what}.`),
      evidence: { items: [], words: [] },
    });
  const ranked = [...usable].sort(
    (a, b) => mean(b.items.map((i) => i.valence)) - mean(a.items.map((i) => i.valence)),
  );
  const best = ranked[0] ?? usable[0];
  const worst = ranked[ranked.length - 1] ?? usable[1];
  if (!best || !worst) throw new Error('unreachable');
  const diff = differenceInterval(
    best.items.map((i) => i.valence),
    worst.items.map((i) => i.valence),
  );
  const clear = diff.low > 0;
  const claim = clear
    ? say(context.tone, {
        gentle: `Your words tend to feel lighter in ${best.label.toLowerCase()} than in ${worst.label.toLowerCase()} (${signed(diff.estimate)}, ${intervalText(diff)}).`,
        neutral: `Your words are more positive in ${best.label.toLowerCase()} than in ${worst.label.toLowerCase()} (${signed(diff.estimate)}, ${intervalText(diff)}).`,
        direct: `${best.label} ${signed(diff.estimate)} over ${worst.label.toLowerCase()} (${intervalText(diff)}).`,
      })
    : say(context.tone, {
        gentle: `Your words feel much the same across ${what}.`,
        neutral: `No clear difference between ${what} (largest: ${best.label} vs ${worst.label.toLowerCase()}, ${signed(diff.estimate)}, ${intervalText(diff)}).`,
        direct: `No clear difference between ${what}.`,
      });
  return card(context, {
    ...base,
    status: 'ok',
    n,
    interval: interval(diff, `difference in mean valence, ${best.label} − ${worst.label}`),
    claim,
    evidence: {
      items: [...strongest(best.items, 1).slice(0, 2), ...strongest(worst.items, -1).slice(0, 2)],
      words: [
        ...drivingWords(best.items, 1).slice(0, 4),
        ...drivingWords(worst.items, -1).slice(0, 4),
      ],
    },
  });
}

export const TIME_BANDS = [
  { label: 'Mornings', from: 5, to: 12 },
  { label: 'Afternoons', from: 12, to: 17 },
  { label: 'Evenings', from: 17, to: 22 },
  { label: 'Nights', from: 22, to: 5 },
] as const;

export function bandOf(hour: number): string {
  for (const band of TIME_BANDS)
    if (
      band.from < band.to
        ? hour >= band.from && hour < band.to
        : hour >= band.from || hour < band.to
    )
      return band.label;
  return 'Nights';
}

/** How these cards are worked out, and what they cannot say (the detail pages show these). */
export const COMPARISONS_METHODS = {
  channel_patterns: {
    method: `Mean valence per channel (journal, chat, voice notes, email, calls), each with a 95% interval; the claim compares the highest and lowest channel with at least ${GROUP_MINIMUM} items.`,
    caveats: [
      'People write differently in different places; a difference may reflect the channel, not your mood.',
    ],
  },
  time_of_day: {
    method: `Mean valence by time of day in your timezone (mornings 5–12, afternoons 12–17, evenings 17–22, nights 22–5), with 95% intervals; compares the highest and lowest band with at least ${GROUP_MINIMUM} items.`,
    caveats: ['What you write about at each time of day also differs.'],
  },
} satisfies Partial<Record<InsightKind, InsightMethod>>;
