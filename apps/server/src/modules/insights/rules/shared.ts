import {
  insightTitle,
  type InsightPeriod,
  type InsightReader,
  type InsightTone,
  type SourceKind,
} from '@kaleido/shared/insights/insights.constants';
import type { ItemAnalysis, MoodEstimate } from '@kaleido/shared/insights/item-analysis.schemas';
import type { EvidenceItem } from '@kaleido/shared/insights/insight-cards.schemas';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import { cachedOffsetMs } from '../../../lib/timezone';
import type { Estimate } from '../statistics';
import type { DraftCard } from './draft';

/**
 * What every insight card is made of (see ../insight-rules.ts): the item and context shapes,
 * local days and trend buckets, wording in the three tones, evidence, the card itself.
 */

/** What a detail page says about how a kind is worked out and what it cannot say. */
export interface InsightMethod {
  method: string;
  caveats: string[];
}

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
  /**
   * A card's subject (a tag or theme of better and worse days) as its id may name it: a keyed
   * digest, never the words (../card-provenance.ts, decision 039).
   */
  subjectId: (subject: string) => string;
  /** Who reads the cards (unset: the person themself, spoken to as "you"). */
  reader?: InsightReader;
}

/** A recorded mood on the valence scale (−1 bad .. +1 good). */
export const MOOD_SCORE: Record<Mood, number> = {
  happy: 1,
  excited: 1,
  neutral: 0,
  sad: -1,
  angry: -1,
};

export const DAY_MS = 86_400_000;
export const WINDOW_BUCKETS: Record<InsightPeriod, number> = { day: 14, week: 12, month: 12 };
export const PERIOD_WORDS: Record<InsightPeriod, { this: string; unit: string }> = {
  day: { this: 'today', unit: 'days' },
  week: { this: 'this week', unit: 'weeks' },
  month: { this: 'this month', unit: 'months' },
};
export const EVIDENCE_ITEMS = 5;
export const EVIDENCE_WORDS = 8;

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

/**
 * An item's local day and hour, worked out once per item and timezone (cards ask many times),
 * from the zone's offset that day rather than one Intl call per item (a year is ~20,000 items).
 */
const itemDays = new WeakMap<InsightItem, { timezone: string; day: string; hour: number }>();
export function localOf(item: InsightItem, timezone: string) {
  const known = itemDays.get(item);
  if (known?.timezone === timezone) return known;
  const at = item.occurredAt.getTime();
  const wall = new Date(at + cachedOffsetMs(at, timezone));
  const local = { timezone, day: wall.toISOString().slice(0, 10), hour: wall.getUTCHours() };
  itemDays.set(item, local);
  return local;
}
export const dayOfItem = (item: InsightItem, timezone: string) => localOf(item, timezone).day;

/** The local day (YYYY-MM-DD) an instant falls on, worked out as localOf does for items. */
export function localDayAt(at: Date, timezone: string): string {
  const ms = at.getTime();
  return new Date(ms + cachedOffsetMs(ms, timezone)).toISOString().slice(0, 10);
}

export const addDays = (day: string, days: number) =>
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

export function previousBucket(bucket: string, period: InsightPeriod): string {
  if (period === 'day') return addDays(bucket, -1);
  if (period === 'week') return addDays(bucket, -7);
  const [y, m] = bucket.split('-').map(Number) as [number, number];
  const month = m === 1 ? 12 : m - 1;
  return `${m === 1 ? y - 1 : y}-${String(month).padStart(2, '0')}-01`;
}

export function nextBucket(bucket: string, period: InsightPeriod): string {
  if (period === 'day') return addDays(bucket, 1);
  if (period === 'week') return addDays(bucket, 7);
  const [y, m] = bucket.split('-').map(Number) as [number, number];
  return `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`;
}

/** The window's buckets, oldest first, ending with the current one. */
export function windowBuckets(context: InsightContext): string[] {
  const buckets = [bucketOf(dayOf(context.now, context.timezone), context.period)];
  while (buckets.length < WINDOW_BUCKETS[context.period])
    buckets.unshift(previousBucket(buckets[0] ?? '', context.period));
  return buckets;
}

// --------------------------------------------------------------------------------------------
// Wording
// --------------------------------------------------------------------------------------------

export type Phrasing = Record<InsightTone, string>;
export const say = (tone: InsightTone, phrasing: Phrasing) => phrasing[tone];

export const signed = (value: number, places = 2) =>
  `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(places)}`;
export const percent = (share: number) => `${Math.round(share * 100)}%`;
export const intervalText = (e: Estimate, places = 2) =>
  `95% interval ${signed(e.low, places)} to ${signed(e.high, places)}`;
export const list = (words: string[]) =>
  words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;

/** The words for the person a card is about, as its reader addresses them ("you" or "they"). */
export interface PersonWords {
  you: string;
  You: string;
  your: string;
  Your: string;
}

export function personOf(context: Pick<InsightContext, 'reader'>): PersonWords {
  return (context.reader ?? 'self') === 'self'
    ? { you: 'you', You: 'You', your: 'your', Your: 'Your' }
    : { you: 'they', You: 'They', your: 'their', Your: 'Their' };
}

/** A count as a clause says it: 'none', '1', '12'. */
export const amount = (n: number) => (n === 0 ? 'none' : String(n));

/** '1 day', '3 days'; 'none' for nothing. */
export const count = (n: number, one: string, many: string) =>
  n === 0 ? 'none' : `${n} ${n === 1 ? one : many}`;

/** What a card below its minimum still needs: its n, minimum and unit say the same. */
export interface Shortfall {
  n: number;
  minimum: number;
  nUnit: 'items' | 'days' | 'entries';
  /** A noun phrase with the minimum: "5 journal entries with a mood". */
  needs: string;
  /** A clause with n: "you have 2 so far". */
  sofar: string;
}

/**
 * A card below its minimum, as one sentence that names what it needs and how far the person
 * is, with the same figures as its basis line ("2 of 5 items so far").
 */
export function notEnough(tone: InsightTone, shortfall: Shortfall) {
  const { n, minimum, nUnit, needs, sofar } = shortfall;
  return {
    status: 'not_enough_data' as const,
    n,
    minimum,
    nUnit,
    interval: null,
    claim: say(tone, {
      gentle: `There is no rush: this needs ${needs}, and ${sofar}.`,
      neutral: `Not enough data yet: this needs ${needs}, and ${sofar}.`,
      direct: `Needs ${needs}; ${sofar}.`,
    }),
  };
}

// --------------------------------------------------------------------------------------------
// Evidence
// --------------------------------------------------------------------------------------------

export function evidenceOf(item: InsightItem): EvidenceItem {
  return {
    kind: item.sourceKind,
    id: item.sourceId,
    title: item.title,
    snippet: item.snippet,
    date: item.occurredAt.toISOString(),
    href: item.href,
  };
}

export function card(
  context: InsightContext,
  fields: Omit<DraftCard, 'title' | 'tone' | 'generatedAt' | 'period'> & {
    period?: InsightPeriod | null;
  },
): DraftCard {
  return {
    ...fields,
    title: insightTitle(fields.kind, context.reader ?? 'self'),
    tone: context.tone,
    period: fields.period === undefined ? context.period : fields.period,
    generatedAt: context.now.toISOString(),
  };
}

export const interval = (e: Estimate, unit: string) => ({ ...e, level: 0.95, unit });

export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
