// Channel and time-of-day patterns: mean valence per group, the highest against the lowest.
import { type InsightKind } from '@kaleido/shared/insights/insights.constants';
import type { InsightChart } from '@kaleido/shared/insights/insight-cards.schemas';
import { meanIntervalOf, welchInterval } from '../statistics';
import { summaryOfStats, type Stats } from './day-figures';
import type { DraftCard, EvidenceRequest } from './evidence';
import {
  type InsightContext,
  say,
  signed,
  intervalText,
  notEnough,
  personOf,
  card,
  interval,
  type InsightMethod,
} from './shared';

export const GROUP_MINIMUM = 3;

/** A group compared: its label, what picks its items and words, its valence. */
export interface ComparedGroup {
  label: string;
  filter: Pick<EvidenceRequest, 'kind' | 'band'>;
  stats: Stats;
}

export function comparisonCard(
  kind: Extract<InsightKind, 'channel_patterns' | 'time_of_day'>,
  groups: ComparedGroup[],
  context: InsightContext,
): DraftCard {
  const sized = groups.map((g) => ({ ...g, summary: summaryOfStats(g.stats) }));
  const usable = sized.filter((g) => g.summary.n >= GROUP_MINIMUM);
  const n = sized.reduce((s, g) => s + g.summary.n, 0);
  const bars = sized
    .filter((g) => g.summary.n > 0)
    .map((g) => {
      const e = meanIntervalOf(g.summary);
      return { x: g.label, y: e.estimate, n: g.summary.n, low: e.low, high: e.high };
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
  if (usable.length < 2) {
    // The second busiest group is what stands between the person and a comparison.
    const second = [...sized].sort((a, b) => b.summary.n - a.summary.n)[1]?.summary.n ?? 0;
    const group = kind === 'channel_patterns' ? 'channel' : 'time of day';
    return card(context, {
      ...base,
      ...notEnough(context.tone, {
        n: second,
        minimum: GROUP_MINIMUM,
        nUnit: 'items',
        needs: `${GROUP_MINIMUM} items in each of two ${what}`,
        sofar:
          second === 0
            ? `there is no second ${group} yet`
            : `the second busiest ${group} has ${second} so far`,
      }),
      evidence: { items: [], words: [] },
    });
  }
  const ranked = [...usable].sort((a, b) => b.summary.mean - a.summary.mean);
  const best = ranked[0] ?? usable[0];
  const worst = ranked[ranked.length - 1] ?? usable[1];
  if (!best || !worst) throw new Error('unreachable');
  const diff = welchInterval(best.summary, worst.summary);
  const clear = diff.low > 0;
  const { Your } = personOf(context);
  const claim = clear
    ? say(context.tone, {
        gentle: `${Your} words tend to feel lighter in ${best.label.toLowerCase()} than in ${worst.label.toLowerCase()} (${signed(diff.estimate)}, ${intervalText(diff)}).`,
        neutral: `${Your} words are more positive in ${best.label.toLowerCase()} than in ${worst.label.toLowerCase()} (${signed(diff.estimate)}, ${intervalText(diff)}).`,
        direct: `${best.label} ${signed(diff.estimate)} over ${worst.label.toLowerCase()} (${intervalText(diff)}).`,
      })
    : say(context.tone, {
        gentle: `${Your} words feel much the same across ${what}.`,
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
      items: [
        { ...best.filter, ranges: [], sign: 1, order: 'strongest', limit: 2 },
        { ...worst.filter, ranges: [], sign: -1, order: 'strongest', limit: 2 },
      ],
      words: [],
      wordRequests: [
        { ...best.filter, direction: 'up', limit: 4 },
        { ...worst.filter, direction: 'down', limit: 4 },
      ],
    },
  });
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
