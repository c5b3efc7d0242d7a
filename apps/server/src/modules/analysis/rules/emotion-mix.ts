// The emotion mix over time.
import {
  EMOTIONS,
  INSIGHT_MINIMUMS as MIN,
  type Emotion,
  type InsightKind,
} from '@kaleido/shared/insights/insights.constants';
import type { InsightCard, InsightChart } from '@kaleido/shared/insights/insights.schemas';
import { shareInterval } from '../statistics';
import {
  type InsightItem,
  type InsightContext,
  WINDOW_BUCKETS,
  PERIOD_WORDS,
  EVIDENCE_ITEMS,
  EVIDENCE_WORDS,
  dayOfItem,
  bucketOf,
  windowBuckets,
  say,
  percent,
  notEnough,
  evidenceOf,
  card,
  interval,
  capital,
  type InsightMethod,
} from './shared';

export function emotionMixCard(all: InsightItem[], context: InsightContext): InsightCard {
  const buckets = windowBuckets(context);
  const first = buckets[0] ?? '';
  const current = buckets[buckets.length - 1] ?? '';
  const bucketOfItem = (i: InsightItem) => bucketOf(dayOfItem(i, context.timezone), context.period);
  const withEmotion = all.filter(
    (i) => i.result.dominantEmotion !== null && bucketOfItem(i) >= first,
  );
  const byBucket = new Map<string, InsightItem[]>();
  for (const item of withEmotion) {
    const key = bucketOfItem(item);
    const list = byBucket.get(key);
    if (list) list.push(item);
    else byBucket.set(key, [item]);
  }
  const counts = (items: InsightItem[]) => {
    const c = Object.fromEntries(EMOTIONS.map((e) => [e, 0])) as Record<Emotion, number>;
    for (const item of items) for (const e of EMOTIONS) c[e] += item.result.emotions[e].count;
    return c;
  };
  const chart: InsightChart = {
    type: 'stacked',
    keys: [...EMOTIONS],
    points: buckets.map((b) => {
      const items = byBucket.get(b) ?? [];
      const c = counts(items);
      const total = EMOTIONS.reduce((s, e) => s + c[e], 0);
      return {
        x: b,
        n: items.length,
        values: Object.fromEntries(
          EMOTIONS.map((e) => [e, total ? Math.round((c[e] / total) * 1000) / 1000 : 0]),
        ),
      };
    }),
    summary: '',
  };
  const recent = withEmotion.filter((i) => bucketOfItem(i) === current);
  const pool = recent.length >= MIN.items ? recent : withEmotion;
  const c = counts(pool);
  const total = EMOTIONS.reduce((s, e) => s + c[e], 0);
  const top = [...EMOTIONS].sort((a, b) => c[b] - c[a])[0] ?? 'joy';
  chart.summary = `Share of emotion words ${pool === recent ? PERIOD_WORDS[context.period].this : 'over the window'}: ${EMOTIONS.filter(
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
  if (withEmotion.length < MIN.items)
    return card(context, {
      ...base,
      status: 'not_enough_data',
      n: withEmotion.length,
      interval: null,
      claim: notEnough(context.tone, `at least ${MIN.items} items with emotion words.`),
      evidence: { items: withEmotion.slice(-EVIDENCE_ITEMS).reverse().map(evidenceOf), words: [] },
    });
  const share = shareInterval(c[top], total);
  const when =
    pool === recent
      ? PERIOD_WORDS[context.period].this
      : `over the last ${WINDOW_BUCKETS[context.period]} ${PERIOD_WORDS[context.period].unit}`;
  const words = [...new Set(pool.flatMap((i) => i.result.emotions[top].words))].slice(
    0,
    EVIDENCE_WORDS,
  );
  return card(context, {
    ...base,
    status: 'ok',
    n: pool.length,
    interval: interval(share, `share of emotion words that are ${top}`),
    claim: say(context.tone, {
      gentle: `${capital(top)} has been the feeling most present in your words ${when} (${percent(share.estimate)} of emotion words, 95% interval ${percent(share.low)}–${percent(share.high)}).`,
      neutral: `${capital(top)} is the most frequent emotion in your words ${when}: ${percent(share.estimate)} of emotion words (95% interval ${percent(share.low)}–${percent(share.high)}).`,
      direct: `Most frequent emotion ${when}: ${top}, ${percent(share.estimate)} (${percent(share.low)}–${percent(share.high)}).`,
    }),
    evidence: {
      items: [...pool]
        .sort((a, b) => b.result.emotions[top].count - a.result.emotions[top].count)
        .filter((i) => i.result.emotions[top].count > 0)
        .slice(0, EVIDENCE_ITEMS)
        .map(evidenceOf),
      words,
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
