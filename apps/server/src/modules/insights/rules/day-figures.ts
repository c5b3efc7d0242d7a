// The shape of a day in the daily rollups (DESIGN §9), and the sums every card reads from it.
import type { Emotion, SourceKind } from '@kaleido/shared/insights/insights.constants';
import type { Summary } from '../statistics';

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

export const noStats = (): Stats => ({ n: 0, sum: 0, squares: 0 });

export function addStats(to: Stats, from: Stats) {
  to.n += from.n;
  to.sum += from.sum;
  to.squares += from.squares;
}

export function addValue(to: Stats, value: number) {
  to.n += 1;
  to.sum += value;
  to.squares += value * value;
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
