// Daily rollups (DESIGN §9): what the insight rules need of a person's items, per local day.
import {
  EMOTIONS,
  type Emotion,
  type SourceKind,
} from '@kaleido/shared/insights/insights.constants';
import { localTime } from '../../../lib/timezone';
import { bandOf } from './bands';
import {
  addStats,
  addValue,
  noStats,
  type DayFigures,
  type InsightDay,
  type Stats,
  type UpDown,
} from './day-figures';
import { WordTally } from './day-words';
import { dayOfItem, EVIDENCE_WORDS, localOf, MOOD_SCORE, type InsightItem } from './shared';

/**
 * A theme written with a capital is a name ("Carl", "Central Park"): people and places are not
 * what a person writes about, and lowercased they read as words ("carl").
 */
const isThemeWord = (theme: { kind: string; text: string }) =>
  theme.kind !== 'entity' && !/^\p{Lu}/u.test(theme.text);

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
      if (isThemeWord(theme)) this.factors.add(`theme:${theme.text.toLowerCase()}`);
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
  for (const t of item.result.themes) if (isThemeWord(t)) themes.add(t.text.toLowerCase());
  for (const tag of item.tags) themes.add(tag.toLowerCase());
  return themes;
}

/** Sums days (oldest first) into one. */
export function sumDays(days: Iterable<DayFigures>): DayFigures {
  const tally = new Tally();
  for (const day of days) tally.addDay(day);
  return tally.figures();
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
