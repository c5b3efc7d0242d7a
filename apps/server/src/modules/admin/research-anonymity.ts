import { randomBytes } from 'node:crypto';
import {
  type ResearchActivityCell,
  type ResearchCell,
} from '@kaleido/shared/admin/research.schemas';
import {
  RESEARCH_ACTIVITY_CELLS,
  RESEARCH_SENSITIVITY,
} from '@kaleido/shared/admin/research.schemas';
import { EMOTIONS, SOURCE_KINDS } from '@kaleido/shared/insights/insights.constants';
import { MOODS } from '@kaleido/shared/journal/journal.constants';

/** One analysed item of a consenting person, as the repository reads it (no text). */
export interface ResearchItem {
  userId: string;
  occurredAt: Date;
  source: string;
  mood: string | null;
  emotion: string | null;
}

const DAY_MS = 86_400_000;

/** Timestamps coarsened to the Monday (UTC) of their week. */
export function weekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** The Mondays of the whole weeks in [from, to) (both Mondays). */
export function weeksBetween(from: Date, to: Date): string[] {
  const weeks: string[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += 7 * DAY_MS)
    weeks.push(new Date(t).toISOString().slice(0, 10));
  return weeks;
}

/**
 * The exact counts of one release, before noise, over a fixed domain (every mood, emotion and
 * (week, source) of the range, zero or not: a cell's mere presence must not depend on anyone).
 * Each person's contribution is bounded so that adding or removing one person changes the
 * counts by at most RESEARCH_SENSITIVITY in total (L1): 1 on `people`, 1 on the mood they had
 * most, 1 on the emotion they had most, 1 on each of their (at most RESEARCH_ACTIVITY_CELLS)
 * busiest (week, source) cells. Their number of items changes nothing beyond that.
 */
export interface ExactCounts {
  people: number;
  mood: Map<string, number>;
  emotion: Map<string, number>;
  activity: Map<string, number>;
}

export const activityKey = (week: string, source: string) => `${week}|${source}`;

/** The most frequent value, ties to the earlier in `order`; null when there is none. */
function dominant(values: (string | null)[], order: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  let most = 0;
  for (const v of order) {
    const n = counts.get(v) ?? 0;
    if (n > most) {
      best = v;
      most = n;
    }
  }
  return best;
}

export function exactCounts(items: ResearchItem[], weeks: string[]): ExactCounts {
  // weekOf builds dates and strings; one per day of data is enough (200,000 items, one query).
  const byDay = new Map<number, string>();
  const weekOfCached = (at: Date) => {
    const dayNumber = Math.floor(at.getTime() / DAY_MS);
    let week = byDay.get(dayNumber);
    if (week === undefined) {
      week = weekOf(at);
      byDay.set(dayNumber, week);
    }
    return week;
  };
  const zero = (keys: readonly string[]) => new Map(keys.map((k) => [k, 0] as const));
  const counts: ExactCounts = {
    people: 0,
    mood: zero(MOODS),
    emotion: zero(EMOTIONS),
    activity: zero(weeks.flatMap((w) => SOURCE_KINDS.map((s) => activityKey(w, s)))),
  };
  const byPerson = new Map<string, ResearchItem[]>();
  for (const item of items) {
    const own = byPerson.get(item.userId);
    if (own) own.push(item);
    else byPerson.set(item.userId, [item]);
  }
  const bump = (map: Map<string, number>, key: string | null) => {
    if (key !== null && map.has(key)) map.set(key, (map.get(key) ?? 0) + 1);
  };
  for (const own of byPerson.values()) {
    counts.people += 1;
    bump(
      counts.mood,
      dominant(
        own.map((i) => i.mood),
        MOODS,
      ),
    );
    bump(
      counts.emotion,
      dominant(
        own.map((i) => i.emotion),
        EMOTIONS,
      ),
    );
    const cells = new Map<string, number>();
    for (const i of own) {
      const key = activityKey(weekOfCached(i.occurredAt), i.source);
      cells.set(key, (cells.get(key) ?? 0) + 1);
    }
    const busiest = [...cells.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, RESEARCH_ACTIVITY_CELLS);
    for (const [key] of busiest) bump(counts.activity, key);
  }
  return counts;
}

/** A uniform number in [0, 1) from the operating system's generator (48 bits). */
export const secureRandom = () => randomBytes(6).readUIntBE(0, 6) / 2 ** 48;

/**
 * Two-sided geometric noise (the discrete Laplace): P(z) ∝ α^|z|. Added to a count whose L1
 * sensitivity is Δ with α = exp(−ε/Δ), it makes the release ε-differentially private.
 */
export function twoSidedGeometric(alpha: number, random: () => number): number {
  const draw = () => Math.floor(Math.log(1 - random()) / Math.log(alpha));
  return draw() - draw();
}

export interface NoisyRelease {
  people: number | null;
  mood: ResearchCell[];
  emotion: ResearchCell[];
  activity: ResearchActivityCell[];
  suppressedCells: number;
}

/**
 * The release: every count of the domain plus independent noise at ε, then (post-processing,
 * which costs no privacy) cells below k are withheld and counted.
 */
export function noisyRelease(
  counts: ExactCounts,
  k: number,
  epsilon: number,
  random: () => number = secureRandom,
): NoisyRelease {
  const alpha = Math.exp(-epsilon / RESEARCH_SENSITIVITY);
  const noisy = (n: number) => Math.max(0, n + twoSidedGeometric(alpha, random));
  let suppressedCells = 0;
  const keep = (n: number) => {
    if (n >= k) return true;
    suppressedCells += 1;
    return false;
  };
  const categorical = (map: Map<string, number>): ResearchCell[] =>
    [...map.entries()]
      .map(([value, n]) => ({ value, people: noisy(n) }))
      .filter((c) => keep(c.people))
      .sort((a, b) => b.people - a.people || a.value.localeCompare(b.value));
  const people = noisy(counts.people);
  const mood = categorical(counts.mood);
  const emotion = categorical(counts.emotion);
  const activity = [...counts.activity.entries()]
    .map(([key, n]) => {
      const [week = '', source = ''] = key.split('|');
      return { week, source, people: noisy(n) };
    })
    .filter((c) => keep(c.people))
    .sort((a, b) => a.week.localeCompare(b.week) || a.source.localeCompare(b.source));
  return { people: people >= k ? people : null, mood, emotion, activity, suppressedCells };
}
