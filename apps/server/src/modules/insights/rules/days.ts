// Daily rollups (DESIGN §9): what the insight rules need of a person's items, per local day.
import {
  EMOTIONS,
  type Emotion,
  type SourceKind,
} from '@kaleido/shared/insights/insights.constants';
import { localTime } from '../../../lib/timezone';
import type { Summary } from '../statistics';
import { bandOf } from './bands';
import { dayOfItem, EVIDENCE_WORDS, localOf, MOOD_SCORE, type InsightItem } from './shared';

/** n, Σx and Σx² of a set of values: enough for a mean, a variance and every interval here. */
export interface Stats {
  n: number;
  sum: number;
  squares: number;
}

/** Word → Σ|weight|, in the order the words first appeared (ties keep that order). */
export type WordSums = [string, number][];

/** The lexicon words behind valence, each way. */
export interface UpDown {
  up: WordSums;
  down: WordSums;
}

/** A day's valence words: of every item, by channel, by time of day. */
export interface DayWords {
  all: UpDown;
  byKind: Partial<Record<SourceKind, UpDown>>;
  byBand: Partial<Record<string, UpDown>>;
}

/**
 * One local day of a person's analysed items, summed: what every insight card reads instead of
 * the items themselves. Lists keep the order things first appeared in (the cards' ties do).
 */
export interface DayFigures {
  items: number;
  /** Channels, in the order they first appeared. */
  kinds: SourceKind[];
  /** Valence of every item. */
  all: Stats;
  /** Valence of the items with words (the valence trend). */
  worded: Stats;
  /** Recorded moods on journal entries, scored −1..1 (the mood trend, a day's score). */
  mood: Stats;
  byKind: Partial<Record<SourceKind, Stats>>;
  /** By time of day (TIME_BANDS' labels) in the person's timezone. */
  byBand: Partial<Record<string, Stats>>;
  /** Items with an emotion word, and the emotion words' counts over them. */
  emotional: number;
  emotions: Record<Emotion, number>;
  /** The first distinct words of each emotion (as many as a card names). */
  emotionWords: Partial<Record<Emotion, string[]>>;
  /** Themes and tags (lowercased): how many items mention each. */
  mentions: [string, number][];
  /** `tag:…` and `theme:…` present that day (better and worse days). */
  factors: string[];
  /** The item with the highest valence (the first of equals). */
  brightest: { valence: number; title: string } | null;
  /**
   * The valence words of a day summed from its items (stored apart, read only by the word
   * look-ups: rules/words.ts); absent on sums of days.
   */
  words?: DayWords;
}

export interface InsightDay {
  day: string;
  figures: DayFigures;
}

const noStats = (): Stats => ({ n: 0, sum: 0, squares: 0 });

function addStats(to: Stats, from: Stats) {
  to.n += from.n;
  to.sum += from.sum;
  to.squares += from.squares;
}

function addValue(to: Stats, value: number) {
  to.n += 1;
  to.sum += value;
  to.squares += value * value;
}

/** Sums of |weight| kept to the hundredth: weights are, so sums are exact and ties are ties. */
const cents = (value: number) => Math.round(value * 100) / 100;

class WordTally {
  up = new Map<string, number>();
  down = new Map<string, number>();

  add(item: InsightItem) {
    for (const { word, weight } of item.result.valenceWords) {
      const sums = weight > 0 ? this.up : weight < 0 ? this.down : null;
      sums?.set(word, cents((sums.get(word) ?? 0) + Math.abs(weight)));
    }
  }

  sums(): UpDown {
    return { up: [...this.up], down: [...this.down] };
  }
}

/** Sums items, or days, into one DayFigures (a day, a week, a window). */
export class Tally {
  items = 0;
  kinds = new Set<SourceKind>();
  all = noStats();
  worded = noStats();
  mood = noStats();
  byKind = new Map<SourceKind, Stats>();
  byBand = new Map<string, Stats>();
  emotional = 0;
  emotions = Object.fromEntries(EMOTIONS.map((e) => [e, 0])) as Record<Emotion, number>;
  emotionWords = new Map<Emotion, Set<string>>();
  mentions = new Map<string, number>();
  factors = new Set<string>();
  brightest: { valence: number; title: string } | null = null;
  /** Words of items added one by one (a day); days added bring none. */
  words: { all: WordTally; byKind: Map<SourceKind, WordTally>; byBand: Map<string, WordTally> } = {
    all: new WordTally(),
    byKind: new Map(),
    byBand: new Map(),
  };

  #stats<K>(map: Map<K, Stats>, key: K): Stats {
    let stats = map.get(key);
    if (!stats) {
      stats = noStats();
      map.set(key, stats);
    }
    return stats;
  }

  #wordsOf<K>(map: Map<K, WordTally>, key: K): WordTally {
    let words = map.get(key);
    if (!words) {
      words = new WordTally();
      map.set(key, words);
    }
    return words;
  }

  #words(emotion: Emotion, words: Iterable<string>) {
    let kept = this.emotionWords.get(emotion);
    for (const word of words) {
      if (!kept) {
        kept = new Set();
        this.emotionWords.set(emotion, kept);
      }
      if (kept.size >= EVIDENCE_WORDS) return;
      kept.add(word);
    }
  }

  #brighter(candidate: { valence: number; title: string } | null) {
    if (candidate && (!this.brightest || candidate.valence > this.brightest.valence))
      this.brightest = { ...candidate };
  }

  addItem(item: InsightItem, timezone: string) {
    const band = bandOf(localOf(item, timezone).hour);
    this.items += 1;
    this.kinds.add(item.sourceKind);
    addValue(this.all, item.valence);
    addValue(this.#stats(this.byKind, item.sourceKind), item.valence);
    addValue(this.#stats(this.byBand, band), item.valence);
    this.words.all.add(item);
    this.#wordsOf(this.words.byKind, item.sourceKind).add(item);
    this.#wordsOf(this.words.byBand, band).add(item);
    if (item.result.wordCount > 0) addValue(this.worded, item.valence);
    if (item.sourceKind === 'journal' && item.mood) addValue(this.mood, MOOD_SCORE[item.mood]);
    if (item.result.dominantEmotion !== null) {
      this.emotional += 1;
      for (const e of EMOTIONS) {
        this.emotions[e] += item.result.emotions[e].count;
        if (item.result.emotions[e].words.length) this.#words(e, item.result.emotions[e].words);
      }
    }
    for (const theme of themesOf(item))
      this.mentions.set(theme, (this.mentions.get(theme) ?? 0) + 1);
    for (const tag of item.tags) this.factors.add(`tag:${tag.toLowerCase()}`);
    for (const theme of item.result.themes)
      if (theme.kind !== 'entity') this.factors.add(`theme:${theme.text.toLowerCase()}`);
    this.#brighter({ valence: item.valence, title: item.title });
  }

  addDay(day: DayFigures) {
    this.items += day.items;
    for (const kind of day.kinds) this.kinds.add(kind);
    addStats(this.all, day.all);
    addStats(this.worded, day.worded);
    addStats(this.mood, day.mood);
    for (const [kind, stats] of Object.entries(day.byKind) as [SourceKind, Stats][])
      addStats(this.#stats(this.byKind, kind), stats);
    for (const [band, stats] of Object.entries(day.byBand) as [string, Stats][])
      addStats(this.#stats(this.byBand, band), stats);
    this.emotional += day.emotional;
    for (const e of EMOTIONS) {
      this.emotions[e] += day.emotions[e];
      const words = day.emotionWords[e];
      if (words) this.#words(e, words);
    }
    for (const [theme, n] of day.mentions)
      this.mentions.set(theme, (this.mentions.get(theme) ?? 0) + n);
    for (const factor of day.factors) this.factors.add(factor);
    this.#brighter(day.brightest);
  }

  figures(): DayFigures {
    const stats = <K extends string>(map: Map<K, Stats>) =>
      Object.fromEntries([...map].map(([k, s]) => [k, { ...s }])) as Partial<Record<K, Stats>>;
    const words = <K extends string>(map: Map<K, WordTally>) =>
      Object.fromEntries([...map].map(([k, w]) => [k, w.sums()])) as Partial<Record<K, UpDown>>;
    return {
      items: this.items,
      kinds: [...this.kinds],
      all: { ...this.all },
      worded: { ...this.worded },
      mood: { ...this.mood },
      byKind: stats(this.byKind),
      byBand: stats(this.byBand),
      emotional: this.emotional,
      emotions: { ...this.emotions },
      emotionWords: Object.fromEntries([...this.emotionWords].map(([e, w]) => [e, [...w]])),
      mentions: [...this.mentions],
      factors: [...this.factors],
      brightest: this.brightest ? { ...this.brightest } : null,
      words: {
        all: this.words.all.sums(),
        byKind: words(this.words.byKind),
        byBand: words(this.words.byBand),
      },
    };
  }
}

/** The themes an item mentions: its lemmas and noun phrases (not names), and its tags. */
export function themesOf(item: InsightItem): Set<string> {
  const themes = new Set<string>();
  for (const t of item.result.themes) if (t.kind !== 'entity') themes.add(t.text.toLowerCase());
  for (const tag of item.tags) themes.add(tag.toLowerCase());
  return themes;
}

/** Sums days (oldest first) into one. */
export function sumDays(days: Iterable<DayFigures>): DayFigures {
  const tally = new Tally();
  for (const day of days) tally.addDay(day);
  return tally.figures();
}

/** One group's valence (a channel, a time of day) over days. */
export function statsOver(
  days: readonly InsightDay[],
  pick: (day: DayFigures) => Stats | undefined,
): Stats {
  const stats = noStats();
  for (const day of days) {
    const group = pick(day.figures);
    if (group) addStats(stats, group);
  }
  return stats;
}

/** A group's summary (size, mean, sample variance) from its sums. */
export function summaryOfStats(stats: Stats): Summary {
  const { n, sum, squares } = stats;
  if (n === 0) return { n, mean: 0, variance: 0 };
  const variance = n < 2 ? 0 : (squares - (sum * sum) / n) / (n - 1);
  // Equal values leave rounding dust, not a spread.
  return { n, mean: sum / n, variance: variance < 1e-12 ? 0 : variance };
}

/** Items (any order) as local days, oldest first. */
export function daysFromItems(items: readonly InsightItem[], timezone: string): InsightDay[] {
  const byDay = new Map<string, Tally>();
  for (const item of [...items].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())) {
    const day = dayOfItem(item, timezone);
    let tally = byDay.get(day);
    if (!tally) {
      tally = new Tally();
      byDay.set(day, tally);
    }
    tally.addItem(item, timezone);
  }
  return [...byDay]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, tally]) => ({ day, figures: tally.figures() }));
}

/** The instant a local day (YYYY-MM-DD) begins in a timezone. */
export function dayStart(day: string, timezone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localTime(y, m, d, 0, timezone);
}

/** Σ|weight| of the words each way, the largest first (first seen first on ties). */
export function topWords(sums: WordSums, limit = EVIDENCE_WORDS): string[] {
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([word]) => word);
}

/** Days' word sums added up (oldest first: first appearance is kept). */
export function addWords(lists: Iterable<WordSums>): WordSums {
  const sums = new Map<string, number>();
  for (const list of lists)
    for (const [word, sum] of list) sums.set(word, cents((sums.get(word) ?? 0) + sum));
  return [...sums];
}
