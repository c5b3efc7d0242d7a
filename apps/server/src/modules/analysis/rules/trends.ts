// Trends: mood and valence over days, weeks or months.
import {
  INSIGHT_MINIMUMS as MIN,
  type InsightKind,
} from '@kaleido/shared/insights/insights.constants';
import type { InsightCard, InsightChart } from '@kaleido/shared/insights/insights.schemas';
import { differenceInterval, meanInterval } from '../statistics';
import {
  type InsightItem,
  type InsightContext,
  MOOD_SCORE,
  PERIOD_WORDS,
  EVIDENCE_ITEMS,
  dayOfItem,
  bucketOf,
  windowBuckets,
  say,
  signed,
  intervalText,
  notEnough,
  evidenceOf,
  strongest,
  drivingWords,
  card,
  interval,
  capital,
  type InsightMethod,
} from './shared';

export function trendCard(
  kind: Extract<InsightKind, 'valence_trend' | 'mood_trend'>,
  all: InsightItem[],
  context: InsightContext,
): InsightCard {
  const scored =
    kind === 'mood_trend'
      ? all.filter((i) => i.sourceKind === 'journal' && i.mood !== null)
      : all.filter((i) => i.result.wordCount > 0);
  const score = (i: InsightItem) =>
    kind === 'mood_trend' && i.mood ? MOOD_SCORE[i.mood] : i.valence;
  const buckets = windowBuckets(context);
  const first = buckets[0] ?? '';
  const current = buckets[buckets.length - 1] ?? '';
  const inWindow = scored.filter(
    (i) => bucketOf(dayOfItem(i, context.timezone), context.period) >= first,
  );
  const byBucket = new Map<string, InsightItem[]>(buckets.map((b) => [b, []]));
  for (const item of inWindow)
    byBucket.get(bucketOf(dayOfItem(item, context.timezone), context.period))?.push(item);
  const recent = byBucket.get(current) ?? [];
  const recentSet = new Set(recent);
  const earlier = inWindow.filter((i) => !recentSet.has(i));
  const days = new Set(inWindow.map((i) => dayOfItem(i, context.timezone))).size;
  const unit = kind === 'mood_trend' ? 'mood score (−1..1)' : 'valence (−1..1)';
  const chart: InsightChart = {
    type: 'line',
    unit,
    domain: [-1, 1],
    points: buckets.map((b) => {
      const values = (byBucket.get(b) ?? []).map(score);
      const e = meanInterval(values);
      return values.length === 0
        ? { x: b, y: null, n: 0 }
        : { x: b, y: e.estimate, n: values.length, low: e.low, high: e.high };
    }),
    summary: '',
  };
  const withData = chart.points.filter((p) => p.n > 0);
  chart.summary = `${withData.length} of ${buckets.length} ${PERIOD_WORDS[context.period].unit} with data; ${withData
    .map((p) => `${p.x}: ${signed(p.y ?? 0)} (${p.n})`)
    .join('; ')}`;
  const what = kind === 'mood_trend' ? 'your recorded mood' : 'how your words feel';
  const base = {
    id: `${kind}:${context.period}`,
    kind,
    nUnit: 'items' as const,
    minimum: MIN.items,
    chart,
  };
  const periodText = PERIOD_WORDS[context.period].this;

  if (
    inWindow.length < MIN.items ||
    days < MIN.trendDays ||
    recent.length < 1 ||
    earlier.length < 2
  )
    return card(context, {
      ...base,
      status: 'not_enough_data',
      n: inWindow.length,
      interval: null,
      claim: notEnough(
        context.tone,
        `at least ${MIN.items} ${kind === 'mood_trend' ? 'journal entries with a mood' : 'items'} over ${MIN.trendDays} days, some ${periodText} and some before.`,
      ),
      evidence: { items: inWindow.slice(-EVIDENCE_ITEMS).reverse().map(evidenceOf), words: [] },
    });

  const diff = differenceInterval(recent.map(score), earlier.map(score));
  const direction = diff.estimate >= 0 ? 1 : -1;
  const clear = diff.low > 0 || diff.high < 0;
  const change = Math.abs(diff.estimate).toFixed(2);
  const claim = clear
    ? direction > 0
      ? say(context.tone, {
          gentle: `${capital(what)} has been brighter ${periodText} than before (${signed(diff.estimate)}, ${intervalText(diff)}). Something may be going well.`,
          neutral: `${capital(what)} is higher ${periodText} than in the earlier ${PERIOD_WORDS[context.period].unit} (${signed(diff.estimate)}, ${intervalText(diff)}).`,
          direct: `Up ${change} ${periodText} versus before (${intervalText(diff)}).`,
        })
      : say(context.tone, {
          gentle: `${capital(what)} has been a little heavier ${periodText} than before (${signed(diff.estimate)}, ${intervalText(diff)}). Be kind to yourself.`,
          neutral: `${capital(what)} is lower ${periodText} than in the earlier ${PERIOD_WORDS[context.period].unit} (${signed(diff.estimate)}, ${intervalText(diff)}).`,
          direct: `Down ${change} ${periodText} versus before (${intervalText(diff)}).`,
        })
    : say(context.tone, {
        gentle: `${capital(what)} ${periodText} is much like before (${signed(diff.estimate)}, ${intervalText(diff)}).`,
        neutral: `No clear change in ${what} ${periodText} (${signed(diff.estimate)}, ${intervalText(diff)}).`,
        direct: `No clear change ${periodText} (${intervalText(diff)}).`,
      });
  return card(context, {
    ...base,
    status: 'ok',
    n: inWindow.length,
    interval: interval(diff, `difference in ${unit}`),
    claim,
    evidence: {
      items: strongest(recent, direction, score),
      words: kind === 'valence_trend' ? drivingWords(recent, direction) : [],
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
