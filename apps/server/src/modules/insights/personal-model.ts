import { MOODS, type Mood } from '@kaleido/shared/journal/journal.constants';
import type { DrivingWord, MoodEstimate } from '@kaleido/shared/insights/item-analysis.schemas';

/**
 * A person's own mood model: multinomial naive Bayes over the content words of their journal
 * entries, labelled by the moods they recorded. Trained from one person's entries only, so it
 * never mixes people. Words the person disputed ("This doesn't fit me") are left out: the model
 * stops leaning on them for that person.
 */
export interface MoodModel {
  /** Entries per mood. */
  docs: Record<Mood, number>;
  /** Term counts per mood. */
  counts: Record<Mood, Record<string, number>>;
  /** Total terms per mood. */
  totals: Record<Mood, number>;
  vocabulary: number;
  entries: number;
}

export interface TrainingSample {
  mood: Mood;
  terms: Record<string, number>;
}

const empty = <T>(make: () => T) =>
  Object.fromEntries(MOODS.map((m) => [m, make()])) as Record<Mood, T>;

export function trainModel(
  samples: TrainingSample[],
  excluded: ReadonlySet<string> = new Set(),
): MoodModel {
  const docs = empty(() => 0);
  const counts = empty<Record<string, number>>(() => ({}));
  const totals = empty(() => 0);
  const vocabulary = new Set<string>();
  for (const sample of samples) {
    docs[sample.mood]++;
    for (const [term, count] of Object.entries(sample.terms)) {
      if (excluded.has(term) || excluded.has(term.replace(/^not_/, ''))) continue;
      counts[sample.mood][term] = (counts[sample.mood][term] ?? 0) + count;
      totals[sample.mood] += count;
      vocabulary.add(term);
    }
  }
  return { docs, counts, totals, vocabulary: vocabulary.size, entries: samples.length };
}

const SMOOTHING = 1;

function logLikelihood(model: MoodModel, mood: Mood, term: string): number {
  return Math.log(
    ((model.counts[mood][term] ?? 0) + SMOOTHING) /
      (model.totals[mood] + SMOOTHING * Math.max(model.vocabulary, 1)),
  );
}

/**
 * The most probable mood for a text's terms, with its probability and the words that pointed
 * there most; null when the model has learned from fewer than `minimumEntries` entries or the
 * text shares no word with what it knows.
 */
export function estimateMood(
  model: MoodModel,
  terms: Record<string, number>,
  minimumEntries: number,
): MoodEstimate | null {
  if (model.entries < minimumEntries) return null;
  const known = Object.entries(terms).filter(([term]) =>
    MOODS.some((m) => (model.counts[m][term] ?? 0) > 0),
  );
  if (known.length === 0) return null;
  const moods = MOODS.filter((m) => model.docs[m] > 0);
  const scores = moods.map((mood) => {
    let score = Math.log(model.docs[mood] / model.entries);
    for (const [term, count] of known) score += count * logLikelihood(model, mood, term);
    return { mood, score };
  });
  const best = scores.reduce((a, b) => (b.score > a.score ? b : a));
  const max = best.score;
  const sum = scores.reduce((acc, s) => acc + Math.exp(s.score - max), 0);
  const words = known
    .map(([term]) => ({
      term,
      lift:
        logLikelihood(model, best.mood, term) -
        Math.max(
          ...moods.filter((m) => m !== best.mood).map((m) => logLikelihood(model, m, term)),
          -Infinity,
        ),
    }))
    .filter((w) => w.lift > 0)
    .sort((a, b) => b.lift - a.lift)
    .slice(0, 5)
    .map((w) => w.term);
  return { mood: best.mood, confidence: Math.round((1 / sum) * 1000) / 1000, words };
}

/**
 * Per mood, the words most typical of it for this person: log-odds of the word in that mood
 * against the other moods (smoothed), among words seen at least twice in that mood.
 */
export function topWords(model: MoodModel, perMood = 8): { mood: Mood; words: DrivingWord[] }[] {
  return MOODS.filter((mood) => model.docs[mood] > 0).map((mood) => {
    const others = MOODS.filter((m) => m !== mood);
    const otherTotal = others.reduce((sum, m) => sum + model.totals[m], 0);
    const words = Object.entries(model.counts[mood])
      .filter(([, count]) => count >= 2)
      .map(([word, count]) => {
        const otherCount = others.reduce((sum, m) => sum + (model.counts[m][word] ?? 0), 0);
        const inMood = (count + SMOOTHING) / (model.totals[mood] + SMOOTHING * model.vocabulary);
        const elsewhere = (otherCount + SMOOTHING) / (otherTotal + SMOOTHING * model.vocabulary);
        return { word, weight: Math.round(Math.log(inMood / elsewhere) * 100) / 100 };
      })
      .filter((w) => w.weight > 0)
      .sort((a, b) => b.weight - a.weight)
      .slice(0, perMood);
    return { mood, words };
  });
}

export function isMoodModel(value: unknown): value is MoodModel {
  return (
    typeof value === 'object' &&
    value !== null &&
    'docs' in value &&
    'counts' in value &&
    'totals' in value &&
    'entries' in value
  );
}

export function emptyModel(): MoodModel {
  return trainModel([]);
}
