// Trends: mood and valence over days, weeks or months.
import {
  INSIGHT_MINIMUMS as MIN,
  type InsightKind,
} from '@kaleido/shared/insights/insights.constants';
import type { InsightChart } from '@kaleido/shared/insights/insight-cards.schemas';
import { meanIntervalOf, welchInterval } from '../statistics';
import type { InsightData } from './data';
import { summaryOfStats, type DayFigures, type InsightDay } from './day-figures';
import { dayStart } from './days';
import type { DraftCard, InstantRange } from './evidence';
import {
  type InsightContext,
  PERIOD_WORDS,
  EVIDENCE_ITEMS,
  EVIDENCE_WORDS,
  bucketOf,
  nextBucket,
  windowBuckets,
  say,
  signed,
  intervalText,
  notEnough,
  card,
  interval,
  capital,
  amount,
  count,
  personOf,
  type InsightMethod,
  type Shortfall,
} from './shared';

type TrendKind = Extract<InsightKind, 'valence_trend' | 'mood_trend'>;

/**
 * The window's days by bucket (days with something scored): the current bucket against the
 * earlier ones, and the chart of every bucket's mean with its interval.
 */
function trendFigures(kind: TrendKind, data: InsightData, context: InsightContext) {
  // What is scored: recorded moods on journal entries, or the valence of items with words.
  const scored = (d: DayFigures) => (kind === 'mood_trend' ? d.mood : d.worded);
  const buckets = windowBuckets(context);
  const first = buckets[0] ?? '';
  const current = buckets[buckets.length - 1] ?? '';
  const inWindow = data.days.filter(
    (d) => scored(d.figures).n > 0 && bucketOf(d.day, context.period) >= first,
  );
  const byBucket = new Map<string, InsightDay[]>(buckets.map((b) => [b, []]));
  for (const day of inWindow) byBucket.get(bucketOf(day.day, context.period))?.push(day);
  const statsOf = (days: readonly InsightDay[]) => {
    const sums = { n: 0, sum: 0, squares: 0 };
    for (const d of days) {
      const x = scored(d.figures);
      sums.n += x.n;
      sums.sum += x.sum;
      sums.squares += x.squares;
    }
    return { summary: summaryOfStats(sums) };
  };
  const recentDays = byBucket.get(current) ?? [];
  const recent = statsOf(recentDays);
  const earlier = statsOf(inWindow.filter((d) => bucketOf(d.day, context.period) !== current));
  const total = recent.summary.n + earlier.summary.n;
  const days = inWindow.length;
  const unit = kind === 'mood_trend' ? 'mood score (−1..1)' : 'valence (−1..1)';
  const chart: InsightChart = {
    type: 'line',
    unit,
    domain: [-1, 1],
    points: buckets.map((b) => {
      const { summary } = statsOf(byBucket.get(b) ?? []);
      const e = meanIntervalOf(summary);
      return summary.n === 0
        ? { x: b, y: null, n: 0 }
        : { x: b, y: e.estimate, n: summary.n, low: e.low, high: e.high };
    }),
    summary: '',
  };
  const withData = chart.points.filter((p) => p.n > 0);
  chart.summary = `${withData.length} of ${buckets.length} ${PERIOD_WORDS[context.period].unit} with data; ${withData
    .map((p) => `${p.x}: ${signed(p.y ?? 0)} (${p.n})`)
    .join('; ')}`;
  return { first, current, recent, earlier, total, days, unit, chart };
}

/** What the difference says, in the person's tone: up, down, or no clear change. */
function trendClaim(
  context: InsightContext,
  what: string,
  diff: ReturnType<typeof welchInterval>,
): string {
  const periodText = PERIOD_WORDS[context.period].this;
  const direction = diff.estimate >= 0 ? 1 : -1;
  const clear = diff.low > 0 || diff.high < 0;
  const change = Math.abs(diff.estimate).toFixed(2);
  return clear
    ? direction > 0
      ? say(context.tone, {
          gentle: `${capital(what)} has been brighter ${periodText} than before (${signed(diff.estimate)}, ${intervalText(diff)}). Something may be going well.`,
          neutral: `${capital(what)} is higher ${periodText} than in the earlier ${PERIOD_WORDS[context.period].unit} (${signed(diff.estimate)}, ${intervalText(diff)}).`,
          direct: `Up ${change} ${periodText} versus before (${intervalText(diff)}).`,
        })
      : say(context.tone, {
          gentle: `${capital(what)} has been a little heavier ${periodText} than before (${signed(diff.estimate)}, ${intervalText(diff)}).${(context.reader ?? 'self') === 'self' ? ' Be kind to yourself.' : ''}`,
          neutral: `${capital(what)} is lower ${periodText} than in the earlier ${PERIOD_WORDS[context.period].unit} (${signed(diff.estimate)}, ${intervalText(diff)}).`,
          direct: `Down ${change} ${periodText} versus before (${intervalText(diff)}).`,
        })
    : say(context.tone, {
        gentle: `${capital(what)} ${periodText} is much like before (${signed(diff.estimate)}, ${intervalText(diff)}).`,
        neutral: `No clear change in ${what} ${periodText} (${signed(diff.estimate)}, ${intervalText(diff)}).`,
        direct: `No clear change ${periodText} (${intervalText(diff)}).`,
      });
}

/**
 * The first thing a trend still lacks, if any: enough scored items, on enough days, some in the
 * current period and some before it to compare with.
 */
function trendShortfall(
  kind: TrendKind,
  figures: ReturnType<typeof trendFigures>,
  context: InsightContext,
): Shortfall | null {
  const { you } = personOf(context);
  const mood = kind === 'mood_trend';
  const things = (n: number) =>
    mood
      ? `${n} journal ${n === 1 ? 'entry' : 'entries'} with a mood`
      : `${n} ${n === 1 ? 'item' : 'items'}`;
  const nUnit = mood ? ('entries' as const) : ('items' as const);
  const periodText = PERIOD_WORDS[context.period].this;
  const { total, days, recent, earlier } = figures;
  if (total < MIN.items)
    return {
      n: total,
      minimum: MIN.items,
      nUnit,
      needs: things(MIN.items),
      sofar: `${you} have ${amount(total)} so far`,
    };
  if (days < MIN.trendDays)
    return {
      n: days,
      minimum: MIN.trendDays,
      nUnit: 'days',
      needs: `${mood ? 'journal entries with a mood' : 'items'} on ${MIN.trendDays} different days`,
      sofar: `${you} have them on ${count(days, 'day', 'days')} so far`,
    };
  if (recent.summary.n < 1)
    return {
      n: recent.summary.n,
      minimum: 1,
      nUnit,
      needs: `${things(1)} ${periodText} to compare with before`,
      sofar: `${you} have none ${periodText} so far`,
    };
  if (earlier.summary.n < 2)
    return {
      n: earlier.summary.n,
      minimum: 2,
      nUnit,
      needs: `${things(2)} from before ${periodText} to compare with`,
      sofar: `${you} have ${amount(earlier.summary.n)} so far`,
    };
  return null;
}

export function trendCard(kind: TrendKind, data: InsightData, context: InsightContext): DraftCard {
  const figures = trendFigures(kind, data, context);
  const { first, current, recent, earlier, total, unit, chart } = figures;
  const scoredRequest = {
    scored: kind === 'mood_trend' ? ('mood' as const) : ('worded' as const),
  };
  const bucketRange = (bucket: string): InstantRange => ({
    gte: dayStart(bucket, context.timezone),
    lt: dayStart(nextBucket(bucket, context.period), context.timezone),
  });
  const { your } = personOf(context);
  const what = kind === 'mood_trend' ? `${your} recorded mood` : `how ${your} words feel`;
  const base = {
    id: `${kind}:${context.period}`,
    kind,
    nUnit: kind === 'mood_trend' ? ('entries' as const) : ('items' as const),
    minimum: MIN.items,
    chart,
  };

  const shortfall = trendShortfall(kind, figures, context);
  if (shortfall)
    return card(context, {
      ...base,
      ...notEnough(context.tone, shortfall),
      evidence: {
        items: [
          {
            ...scoredRequest,
            ranges: [{ gte: dayStart(first, context.timezone) }],
            order: 'newest',
            limit: EVIDENCE_ITEMS,
          },
        ],
        words: [],
      },
    });
  const diff = welchInterval(recent.summary, earlier.summary);
  const direction = diff.estimate >= 0 ? 1 : -1;
  const claim = trendClaim(context, what, diff);
  return card(context, {
    ...base,
    status: 'ok',
    n: total,
    interval: interval(diff, `difference in ${unit}`),
    claim,
    evidence: {
      items: [
        {
          ...scoredRequest,
          ranges: [bucketRange(current)],
          sign: direction,
          order: 'strongest',
          limit: EVIDENCE_ITEMS,
        },
      ],
      words: [],
      wordRequests:
        kind === 'valence_trend'
          ? [
              {
                direction: direction > 0 ? 'up' : 'down',
                fromDay: current,
                toDay: nextBucket(current, context.period),
                limit: EVIDENCE_WORDS,
              },
            ]
          : [],
    },
  });
}

/** How these cards are worked out, and what they cannot say (the detail pages show these). */
export const TRENDS_METHODS = {
  mood_trend: {
    method: `The moods you record on journal entries, scored happy/excited +1, neutral 0, sad/angry −1, averaged per period. The claim compares the current period with the earlier ones in the window (Welch's difference of means, 95% interval). Needs ${MIN.items} entries over ${MIN.trendDays} days.`,
    caveats: [
      'Entries saved without choosing a mood count as neutral.',
      'A trend over a few entries can change quickly.',
    ],
  },
  valence_trend: {
    method: `Each text's valence (−1..1) comes from VADER, a published lexicon of rated words, plus Kaleido's own emotion lexicon for words VADER lacks, averaged over sentences. The claim compares the current period with the earlier ones (Welch, 95% interval). Needs ${MIN.items} items over ${MIN.trendDays} days.`,
    caveats: [
      'Word lists miss sarcasm, context and some ways of speaking.',
      'Valence describes words, not how you are.',
    ],
  },
} satisfies Partial<Record<InsightKind, InsightMethod>>;
