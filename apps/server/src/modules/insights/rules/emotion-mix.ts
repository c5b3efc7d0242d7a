// The emotion mix over time.
import {
  EMOTIONS,
  INSIGHT_MINIMUMS as MIN,
  type Emotion,
  type InsightKind,
} from '@kaleido/shared/insights/insights.constants';
import type { InsightChart } from '@kaleido/shared/insights/insight-cards.schemas';
import { shareInterval } from '../statistics';
import type { InsightData } from './data';
import type { InsightDay } from './day-figures';
import { dayStart } from './days';
import type { DraftCard } from './evidence';
import {
  type InsightContext,
  WINDOW_BUCKETS,
  PERIOD_WORDS,
  EVIDENCE_ITEMS,
  EVIDENCE_WORDS,
  bucketOf,
  nextBucket,
  windowBuckets,
  say,
  percent,
  notEnough,
  amount,
  personOf,
  card,
  interval,
  capital,
  type InsightMethod,
} from './shared';

export function emotionMixCard(data: InsightData, context: InsightContext): DraftCard {
  const buckets = windowBuckets(context);
  const first = buckets[0] ?? '';
  const current = buckets[buckets.length - 1] ?? '';
  const withEmotion = data.days.filter(
    (d) => d.figures.emotional > 0 && bucketOf(d.day, context.period) >= first,
  );
  const byBucket = new Map<string, InsightDay[]>();
  for (const day of withEmotion) {
    const key = bucketOf(day.day, context.period);
    const list = byBucket.get(key);
    if (list) list.push(day);
    else byBucket.set(key, [day]);
  }
  const sum = (days: readonly InsightDay[]) => {
    const c = Object.fromEntries(EMOTIONS.map((e) => [e, 0])) as Record<Emotion, number>;
    let n = 0;
    for (const day of days) {
      n += day.figures.emotional;
      for (const e of EMOTIONS) c[e] += day.figures.emotions[e];
    }
    return { n, c };
  };
  const chart: InsightChart = {
    type: 'stacked',
    keys: [...EMOTIONS],
    points: buckets.map((b) => {
      const { n, c } = sum(byBucket.get(b) ?? []);
      const total = EMOTIONS.reduce((s, e) => s + c[e], 0);
      return {
        x: b,
        n,
        values: Object.fromEntries(
          EMOTIONS.map((e) => [e, total ? Math.round((c[e] / total) * 1000) / 1000 : 0]),
        ),
      };
    }),
    summary: '',
  };
  const recentDays = withEmotion.filter((d) => bucketOf(d.day, context.period) === current);
  const recent = sum(recentDays);
  const window = sum(withEmotion);
  const inRecent = recent.n >= MIN.items;
  const poolDays = inRecent ? recentDays : withEmotion;
  const { n: poolSize, c } = inRecent ? recent : window;
  const total = EMOTIONS.reduce((s, e) => s + c[e], 0);
  const top = [...EMOTIONS].sort((a, b) => c[b] - c[a])[0] ?? 'joy';
  chart.summary = `Share of emotion words ${inRecent ? PERIOD_WORDS[context.period].this : 'over the window'}: ${EMOTIONS.filter(
    (e) => c[e] > 0,
  )
    .map((e) => `${e} ${percent(c[e] / (total || 1))}`)
    .join(', ')}`;
  const base = {
    id: `emotion_mix:${context.period}`,
    kind: 'emotion_mix' as const,
    nUnit: 'items' as const,
    minimum: MIN.items,
    chart,
  };
  const windowRange = { gte: dayStart(first, context.timezone) };
  if (window.n < MIN.items)
    return card(context, {
      ...base,
      ...notEnough(context.tone, {
        n: window.n,
        minimum: MIN.items,
        nUnit: 'items',
        needs: `${MIN.items} items with emotion words over the last ${WINDOW_BUCKETS[context.period]} ${PERIOD_WORDS[context.period].unit}`,
        sofar: `${personOf(context).you} have ${amount(window.n)} so far`,
      }),
      evidence: {
        items: [{ ranges: [windowRange], emotional: true, order: 'newest', limit: EVIDENCE_ITEMS }],
        words: [],
      },
    });
  const share = shareInterval(c[top], total);
  const when = inRecent
    ? PERIOD_WORDS[context.period].this
    : `over the last ${WINDOW_BUCKETS[context.period]} ${PERIOD_WORDS[context.period].unit}`;
  const words = new Set<string>();
  for (const day of poolDays)
    for (const word of day.figures.emotionWords[top] ?? [])
      if (words.size < EVIDENCE_WORDS) words.add(word);
  const poolRange = inRecent
    ? {
        gte: dayStart(current, context.timezone),
        lt: dayStart(nextBucket(current, context.period), context.timezone),
      }
    : windowRange;
  return card(context, {
    ...base,
    status: 'ok',
    n: poolSize,
    interval: interval(share, `share of emotion words that are ${top}`),
    claim: say(context.tone, {
      gentle: `${capital(top)} has been the feeling most present in ${personOf(context).your} words ${when} (${percent(share.estimate)} of emotion words, 95% interval ${percent(share.low)}–${percent(share.high)}).`,
      neutral: `${capital(top)} is the most frequent emotion in ${personOf(context).your} words ${when}: ${percent(share.estimate)} of emotion words (95% interval ${percent(share.low)}–${percent(share.high)}).`,
      direct: `Most frequent emotion ${when}: ${top}, ${percent(share.estimate)} (${percent(share.low)}–${percent(share.high)}).`,
    }),
    evidence: {
      items: [
        {
          ranges: [poolRange],
          emotional: true,
          emotion: top,
          order: 'emotion',
          limit: EVIDENCE_ITEMS,
        },
      ],
      words: [...words],
    },
  });
}

/** How these cards are worked out, and what they cannot say (the detail pages show these). */
export const EMOTION_MIX_METHODS = {
  emotion_mix: {
    method:
      'Words from Kaleido’s emotion lexicon (eight emotions) are counted in each item, skipping negated ones ("not happy"). The share of the most frequent emotion has a Wilson 95% interval.',
    caveats: [
      'An emotion word can be about someone else.',
      'The lexicon is general English; the personal model learns your own words.',
    ],
  },
} satisfies Partial<Record<InsightKind, InsightMethod>>;
