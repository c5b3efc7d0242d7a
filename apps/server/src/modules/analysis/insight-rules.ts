import {
  EMOTIONS,
  INSIGHT_KIND_TITLES,
  INSIGHT_MINIMUMS as MIN,
  INSIGHTS_MESSAGES,
  SOURCE_KIND_LABELS,
  type Emotion,
  type InsightKind,
  type InsightPeriod,
  type InsightTone,
  type SourceKind,
} from '@kaleido/shared/insights/insights.constants';
import type {
  EvidenceItem,
  InsightCard,
  InsightChart,
  ItemAnalysis,
  MoodEstimate,
} from '@kaleido/shared/insights/insights.schemas';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import {
  differenceInterval,
  effectSize,
  mean,
  meanInterval,
  shareInterval,
  type Estimate,
} from './statistics';

/**
 * Insight cards from a person's analysed items: pure functions of the rows, the clock, the
 * person's timezone and tone. Each card says what it rests on (n), how sure it is (a 95%
 * interval) and which items and words drove it; below its minimum it says it does not know.
 */

export interface InsightItem {
  sourceKind: SourceKind;
  sourceId: string;
  occurredAt: Date;
  mood: Mood | null;
  estimatedMood: MoodEstimate | null;
  valence: number;
  result: ItemAnalysis;
  title: string;
  snippet: string;
  href: string | null;
  tags: string[];
}

export interface InsightContext {
  now: Date;
  timezone: string;
  tone: InsightTone;
  period: InsightPeriod;
}

/** A recorded mood on the valence scale (−1 bad .. +1 good). */
export const MOOD_SCORE: Record<Mood, number> = {
  happy: 1,
  excited: 1,
  neutral: 0,
  sad: -1,
  angry: -1,
};

const DAY_MS = 86_400_000;
const WINDOW_BUCKETS: Record<InsightPeriod, number> = { day: 14, week: 12, month: 12 };
const PERIOD_WORDS: Record<InsightPeriod, { this: string; unit: string }> = {
  day: { this: 'today', unit: 'days' },
  week: { this: 'this week', unit: 'weeks' },
  month: { this: 'this month', unit: 'months' },
};
const EVIDENCE_ITEMS = 5;
const EVIDENCE_WORDS = 8;

// --------------------------------------------------------------------------------------------
// Time
// --------------------------------------------------------------------------------------------

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
/** YYYY-MM-DD of an instant in a timezone. */
export function dayOf(date: Date, timezone: string): string {
  let format = dayFormatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: timezone });
    dayFormatters.set(timezone, format);
  }
  return format.format(date);
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();
function hourOf(date: Date, timezone: string): number {
  let format = hourFormatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      hour: '2-digit',
      hourCycle: 'h23',
    });
    hourFormatters.set(timezone, format);
  }
  return Number(format.format(date).slice(0, 2));
}

/** An item's local day, worked out once per item and timezone (cards ask many times). */
const itemDays = new WeakMap<InsightItem, { timezone: string; day: string; hour: number }>();
function localOf(item: InsightItem, timezone: string) {
  const known = itemDays.get(item);
  if (known?.timezone === timezone) return known;
  const local = {
    timezone,
    day: dayOf(item.occurredAt, timezone),
    hour: hourOf(item.occurredAt, timezone),
  };
  itemDays.set(item, local);
  return local;
}
const dayOfItem = (item: InsightItem, timezone: string) => localOf(item, timezone).day;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const bucketCache = new Map<string, string>();
/** The first day of the bucket a day falls in (weeks start on Monday). */
export function bucketOf(day: string, period: InsightPeriod): string {
  if (period === 'day') return day;
  const key = `${period}:${day}`;
  let bucket = bucketCache.get(key);
  if (bucket === undefined) {
    bucket = computeBucket(day, period);
    if (bucketCache.size > 20_000) bucketCache.clear();
    bucketCache.set(key, bucket);
  }
  return bucket;
}

function computeBucket(day: string, period: Exclude<InsightPeriod, 'day'>): string {
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

function previousBucket(bucket: string, period: InsightPeriod): string {
  if (period === 'day') return addDays(bucket, -1);
  if (period === 'week') return addDays(bucket, -7);
  const [y, m] = bucket.split('-').map(Number) as [number, number];
  const month = m === 1 ? 12 : m - 1;
  return `${m === 1 ? y - 1 : y}-${String(month).padStart(2, '0')}-01`;
}

/** The window's buckets, oldest first, ending with the current one. */
function windowBuckets(context: InsightContext): string[] {
  const buckets = [bucketOf(dayOf(context.now, context.timezone), context.period)];
  while (buckets.length < WINDOW_BUCKETS[context.period])
    buckets.unshift(previousBucket(buckets[0] ?? '', context.period));
  return buckets;
}

// --------------------------------------------------------------------------------------------
// Wording
// --------------------------------------------------------------------------------------------

type Phrasing = Record<InsightTone, string>;
const say = (tone: InsightTone, phrasing: Phrasing) => phrasing[tone];

const signed = (value: number, places = 2) =>
  `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(places)}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;
const intervalText = (e: Estimate, places = 2) =>
  `95% interval ${signed(e.low, places)} to ${signed(e.high, places)}`;
const list = (words: string[]) =>
  words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;

function notEnough(tone: InsightTone, needs: string): string {
  return say(tone, {
    gentle: `${INSIGHTS_MESSAGES.notEnoughData} There is no rush — ${needs}`,
    neutral: `${INSIGHTS_MESSAGES.notEnoughData} ${needs}`,
    direct: `${INSIGHTS_MESSAGES.notEnoughData} Needed: ${needs}`,
  });
}

// --------------------------------------------------------------------------------------------
// Evidence
// --------------------------------------------------------------------------------------------

function evidenceOf(item: InsightItem): EvidenceItem {
  return {
    kind: item.sourceKind,
    id: item.sourceId,
    title: item.title,
    snippet: item.snippet,
    date: item.occurredAt.toISOString(),
    href: item.href,
  };
}

/** The items that push hardest in a direction (+1 positive, −1 negative), newest first on ties. */
function strongest(items: InsightItem[], direction: number, score = (i: InsightItem) => i.valence) {
  return [...items]
    .filter((i) => score(i) * direction > 0)
    .sort(
      (a, b) =>
        score(b) * direction - score(a) * direction ||
        b.occurredAt.getTime() - a.occurredAt.getTime(),
    )
    .slice(0, EVIDENCE_ITEMS)
    .map(evidenceOf);
}

/** The valence words most present in these items in a direction. */
function drivingWords(items: InsightItem[], direction: number): string[] {
  const totals = new Map<string, number>();
  for (const item of items)
    for (const { word, weight } of item.result.valenceWords)
      if (weight * direction > 0) totals.set(word, (totals.get(word) ?? 0) + Math.abs(weight));
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, EVIDENCE_WORDS)
    .map(([word]) => word);
}

function card(
  context: InsightContext,
  fields: Omit<InsightCard, 'title' | 'tone' | 'generatedAt' | 'period'> & {
    period?: InsightPeriod | null;
  },
): InsightCard {
  return {
    ...fields,
    title: INSIGHT_KIND_TITLES[fields.kind],
    tone: context.tone,
    period: fields.period === undefined ? context.period : fields.period,
    generatedAt: context.now.toISOString(),
  };
}

const interval = (e: Estimate, unit: string) => ({ ...e, level: 0.95, unit });

// --------------------------------------------------------------------------------------------
// Trends: valence and mood
// --------------------------------------------------------------------------------------------

function trendCard(
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

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// --------------------------------------------------------------------------------------------
// Emotion mix
// --------------------------------------------------------------------------------------------

function emotionMixCard(all: InsightItem[], context: InsightContext): InsightCard {
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

// --------------------------------------------------------------------------------------------
// Themes rising and fading
// --------------------------------------------------------------------------------------------

const RECENT_DAYS = 14;
const EARLIER_DAYS = 60;

function themesOfItem(item: InsightItem): Set<string> {
  const themes = new Set<string>();
  for (const t of item.result.themes) if (t.kind !== 'entity') themes.add(t.text.toLowerCase());
  for (const tag of item.tags) themes.add(tag.toLowerCase());
  return themes;
}

function themesCard(all: InsightItem[], context: InsightContext): InsightCard {
  const now = context.now.getTime();
  const recent = all.filter((i) => now - i.occurredAt.getTime() < RECENT_DAYS * DAY_MS);
  const earlier = all.filter((i) => {
    const age = now - i.occurredAt.getTime();
    return age >= RECENT_DAYS * DAY_MS && age < (RECENT_DAYS + EARLIER_DAYS) * DAY_MS;
  });
  const base = {
    id: 'themes',
    kind: 'themes' as const,
    nUnit: 'items' as const,
    minimum: MIN.items,
    period: null,
  };
  if (recent.length < MIN.items || earlier.length < MIN.items)
    return card(context, {
      ...base,
      status: 'not_enough_data',
      n: recent.length + earlier.length,
      interval: null,
      chart: null,
      claim: notEnough(
        context.tone,
        `at least ${MIN.items} items in the last ${RECENT_DAYS} days and ${MIN.items} in the ${EARLIER_DAYS} days before.`,
      ),
      evidence: { items: recent.slice(-EVIDENCE_ITEMS).reverse().map(evidenceOf), words: [] },
    });
  const recentSets = recent.map(themesOfItem);
  const earlierSets = earlier.map(themesOfItem);
  const candidates = new Set([...recentSets, ...earlierSets].flatMap((s) => [...s]));
  const changes = [...candidates]
    .map((theme) => {
      const r = recentSets.map((s) => (s.has(theme) ? 1 : 0));
      const e = earlierSets.map((s) => (s.has(theme) ? 1 : 0));
      const mentions = r.reduce<number>((a, b) => a + b, 0) + e.reduce<number>((a, b) => a + b, 0);
      return { theme, mentions, diff: differenceInterval(r, e) };
    })
    .filter((c) => c.mentions >= 3)
    .sort((a, b) => Math.abs(b.diff.estimate) - Math.abs(a.diff.estimate));
  const rising = changes.filter((c) => c.diff.estimate > 0).slice(0, 3);
  const fading = changes.filter((c) => c.diff.estimate < 0).slice(0, 3);
  const lead = rising[0] ?? fading[0];
  const chart: InsightChart = {
    type: 'bars',
    unit: 'change in share of items mentioning it',
    bars: [...rising, ...fading].map((c) => ({
      x: c.theme,
      y: c.diff.estimate,
      n: c.mentions,
      low: c.diff.low,
      high: c.diff.high,
    })),
    summary: [...rising, ...fading]
      .map((c) => `${c.theme} ${signed(c.diff.estimate * 100, 0)} points`)
      .join('; '),
  };
  if (!lead)
    return card(context, {
      ...base,
      status: 'ok',
      n: recent.length + earlier.length,
      interval: null,
      chart,
      claim: say(context.tone, {
        gentle: 'What you write about has stayed steady lately.',
        neutral: 'No theme has clearly risen or faded in the last two weeks.',
        direct: 'No rising or fading themes.',
      }),
      evidence: { items: [], words: [] },
    });
  const risingWords = rising.map((c) => c.theme);
  const fadingWords = fading.map((c) => c.theme);
  const parts = [
    risingWords.length ? `more about ${list(risingWords)}` : '',
    fadingWords.length ? `less about ${list(fadingWords)}` : '',
  ].filter(Boolean);
  return card(context, {
    ...base,
    status: 'ok',
    n: recent.length + earlier.length,
    interval: interval(lead.diff, `change in share of items mentioning "${lead.theme}"`),
    chart,
    claim: say(context.tone, {
      gentle: `Lately you have been writing ${parts.join(', and ')} than in the weeks before.`,
      neutral: `In the last ${RECENT_DAYS} days you wrote ${parts.join(' and ')} than in the ${EARLIER_DAYS} days before ("${lead.theme}": ${signed(lead.diff.estimate * 100, 0)} points, 95% interval ${signed(lead.diff.low * 100, 0)} to ${signed(lead.diff.high * 100, 0)}).`,
      direct: `Rising: ${list(risingWords) || 'none'}. Fading: ${list(fadingWords) || 'none'}.`,
    }),
    evidence: {
      items: recent
        .filter((i) => themesOfItem(i).has(lead.theme))
        .slice(-EVIDENCE_ITEMS)
        .reverse()
        .map(evidenceOf),
      words: [...risingWords, ...fadingWords],
    },
  });
}

// --------------------------------------------------------------------------------------------
// What goes with better and worse days
// --------------------------------------------------------------------------------------------

interface Day {
  day: string;
  score: number;
  items: InsightItem[];
  factors: Set<string>;
}

/** Each day's score: its recorded moods when there are any, else how its words felt. */
export function daysOf(items: InsightItem[], timezone: string): Day[] {
  const byDay = new Map<string, InsightItem[]>();
  for (const item of items) {
    const day = dayOfItem(item, timezone);
    const list = byDay.get(day);
    if (list) list.push(item);
    else byDay.set(day, [item]);
  }
  return [...byDay.entries()].map(([day, dayItems]) => {
    const moods = dayItems.flatMap((i) =>
      i.sourceKind === 'journal' && i.mood ? [MOOD_SCORE[i.mood]] : [],
    );
    const factors = new Set<string>();
    for (const item of dayItems) {
      for (const tag of item.tags) factors.add(`tag:${tag.toLowerCase()}`);
      for (const theme of item.result.themes)
        if (theme.kind !== 'entity') factors.add(`theme:${theme.text.toLowerCase()}`);
    }
    return {
      day,
      score: moods.length > 0 ? mean(moods) : mean(dayItems.map((i) => i.valence)),
      items: dayItems,
      factors,
    };
  });
}

const MAX_FACTOR_CARDS = 4;
/** Day scores are −1..1; a spread below this is taken as this (no division by zero). */
const MIN_DAY_SD = 0.1;

function factorCards(all: InsightItem[], context: InsightContext): InsightCard[] {
  const days = daysOf(all, context.timezone);
  const base = {
    kind: 'better_worse_days' as const,
    nUnit: 'days' as const,
    minimum: MIN.factorDays * 2,
    period: null,
    chart: null,
  };
  const factors = new Set(days.flatMap((d) => [...d.factors]));
  const tested = [...factors]
    .map((factor) => {
      const withIt = days.filter((d) => d.factors.has(factor));
      const without = days.filter((d) => !d.factors.has(factor));
      return { factor, withIt, without };
    })
    .filter((f) => f.withIt.length >= MIN.factorDays && f.without.length >= MIN.factorDays)
    .map((f) => ({
      ...f,
      d: effectSize(
        f.withIt.map((d) => d.score),
        f.without.map((d) => d.score),
        MIN_DAY_SD,
      ),
      diff: differenceInterval(
        f.withIt.map((d) => d.score),
        f.without.map((d) => d.score),
      ),
    }))
    // Only what the interval says is not nothing, strongest first.
    .filter((f) => f.d.low > 0 || f.d.high < 0)
    .sort(
      (a, b) =>
        Math.min(Math.abs(b.d.low), Math.abs(b.d.high)) -
        Math.min(Math.abs(a.d.low), Math.abs(a.d.high)),
    )
    .slice(0, MAX_FACTOR_CARDS);
  if (tested.length === 0) {
    const enough = days.length >= MIN.factorDays * 2;
    return [
      card(context, {
        ...base,
        id: 'better_worse_days',
        status: enough ? 'ok' : 'not_enough_data',
        n: days.length,
        interval: null,
        claim: enough
          ? say(context.tone, {
              gentle: `Nothing stands out yet as going with your better or worse days — that can take a while (${MIN.recommendedDays} days of entries help).`,
              neutral: `No tag or theme clearly goes with better or worse days yet (${days.length} days; ${MIN.recommendedDays} recommended).`,
              direct: `No factor with a clear effect in ${days.length} days.`,
            })
          : notEnough(
              context.tone,
              `a tag or theme on at least ${MIN.factorDays} days and absent on ${MIN.factorDays} others (${MIN.recommendedDays} days recommended).`,
            ),
        evidence: { items: [], words: [] },
      }),
    ];
  }
  return tested.map((f) => {
    const type = f.factor.slice(0, f.factor.indexOf(':'));
    const name = f.factor.slice(f.factor.indexOf(':') + 1);
    const label = type === 'tag' ? `days tagged "${name}"` : `days you wrote about "${name}"`;
    const better = f.d.estimate > 0;
    const size =
      Math.abs(f.d.estimate) >= 0.8 ? 'large' : Math.abs(f.d.estimate) >= 0.5 ? 'medium' : 'small';
    const dText = `effect size ${signed(f.d.estimate)}, ${intervalText(f.d)}`;
    return card(context, {
      ...base,
      id: `better_worse_days:${f.factor}`,
      status: 'ok',
      n: f.withIt.length + f.without.length,
      interval: interval(f.d, 'effect size (Hedges g)'),
      claim: better
        ? say(context.tone, {
            gentle: `Your ${label} tend to be better days (${f.withIt.length} days with it, ${f.without.length} without; ${dText}). It may be worth noticing.`,
            neutral: `${capital(label)} go with better days: a ${size} difference (${dText}; ${f.withIt.length} days with, ${f.without.length} without).`,
            direct: `${capital(label)}: better days, ${size} effect (${dText}).`,
          })
        : say(context.tone, {
            gentle: `Your ${label} tend to be harder days (${f.withIt.length} days with it, ${f.without.length} without; ${dText}). Go gently on those days.`,
            neutral: `${capital(label)} go with worse days: a ${size} difference (${dText}; ${f.withIt.length} days with, ${f.without.length} without).`,
            direct: `${capital(label)}: worse days, ${size} effect (${dText}).`,
          }),
      evidence: {
        items: f.withIt
          .flatMap((d) => d.items)
          .slice(-EVIDENCE_ITEMS)
          .reverse()
          .map(evidenceOf),
        words: [name],
      },
    });
  });
}

// --------------------------------------------------------------------------------------------
// Channels and time of day
// --------------------------------------------------------------------------------------------

const GROUP_MINIMUM = 3;

function comparisonCard(
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

function bandOf(hour: number): string {
  for (const band of TIME_BANDS)
    if (
      band.from < band.to
        ? hour >= band.from && hour < band.to
        : hour >= band.from || hour < band.to
    )
      return band.label;
  return 'Nights';
}

// --------------------------------------------------------------------------------------------
// Weekly reflection
// --------------------------------------------------------------------------------------------

function weeklyCard(all: InsightItem[], context: InsightContext): InsightCard {
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

// --------------------------------------------------------------------------------------------
// All cards
// --------------------------------------------------------------------------------------------

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
export const INSIGHT_METHODS: Record<InsightKind, { method: string; caveats: string[] }> = {
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
  emotion_mix: {
    method:
      'Words from Kaleido’s emotion lexicon (eight emotions) are counted in each item, skipping negated ones ("not happy"). The share of the most frequent emotion has a Wilson 95% interval.',
    caveats: [
      'An emotion word can be about someone else.',
      'The lexicon is general English; the personal model learns your own words.',
    ],
  },
  themes: {
    method: `Themes are lemmas, noun phrases (wink-nlp) and your tags. A theme rises or fades when the share of items mentioning it in the last ${RECENT_DAYS} days differs from the ${EARLIER_DAYS} days before (95% interval on the difference). A theme needs 3 mentions.`,
    caveats: ['Writing less overall can make themes look like they fade.'],
  },
  better_worse_days: {
    method: `A day's score is the mean of the moods you recorded that day (or, without one, how its words felt). For each tag and theme present on at least ${MIN.factorDays} days and absent on ${MIN.factorDays}, the days with it are compared with the days without: Hedges' g with its 95% interval; only effects whose interval excludes zero are shown.`,
    caveats: [
      'Going together is not causing: a tag may come with better days for other reasons.',
      `With under ${MIN.recommendedDays} days of data, effects are rough; many factors are tested, so some will be chance.`,
    ],
  },
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
  weekly_reflection: {
    method:
      'A summary of the last 7 days written from templates: how many things you shared, the average valence with its interval, the most frequent emotion and recurring themes. No text leaves the server.',
    caveats: ['A summary, not an assessment.'],
  },
};
