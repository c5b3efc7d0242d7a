import type { Mood } from '@kaleido/shared/journal/journal.constants';
import type { PersonalModel } from '@kaleido/shared/insights/personal-model.schemas';
import {
  PERSONALITY_DOMAINS,
  PERSONALITY_DOMAIN_LABELS,
  type PersonalityDomain,
  type PersonalityResult,
} from '@kaleido/shared/insights/personality';

/** Pure logic of the personal-model and personality pages (issue #13 items 2 and 3). */

export const MOOD_LABELS: Record<Mood, string> = {
  happy: 'Happy',
  excited: 'Excited',
  neutral: 'Neutral',
  sad: 'Sad',
  angry: 'Angry',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The honest one-line summary of what the personal model rests on. */
export function modelSummary(model: PersonalModel): string {
  const learned = plural(model.entriesLearnedFrom, 'journal entry', 'journal entries');
  if (model.status === 'not_enough_data') {
    const missing = Math.max(model.minimumEntries - model.entriesLearnedFrom, 0);
    return `Not enough data yet: it has learned from ${learned} with a mood, and needs at least ${model.minimumEntries} before it estimates anything. Record a mood on ${plural(missing, 'more entry', 'more entries')} and it will start.`;
  }
  return `Learned from ${learned} with a mood you recorded (${plural(model.vocabularySize, 'distinct word')}); it has estimated the mood of ${plural(model.itemsEstimated, 'item')} without one.`;
}

/** A mood's row: its label, how many entries it rests on, and its top words (empty → a note). */
export function moodRows(model: PersonalModel) {
  return model.topWords
    .filter((row) => model.perMood[row.mood] > 0 || row.words.length > 0)
    .map((row) => ({
      mood: row.mood,
      label: MOOD_LABELS[row.mood],
      entries: model.perMood[row.mood],
      words: row.words.map((w) => w.word),
    }));
}

/** 1-based numbers of the statements not answered yet. */
export function unansweredItems(answers: readonly (number | null)[], total: number): number[] {
  const missing: number[] = [];
  for (let i = 0; i < total; i++) if (!answers[i]) missing.push(i + 1);
  return missing;
}

/** The clear message shown when someone submits with statements left (null when complete). */
export function incompleteMessage(missing: readonly number[]): string | null {
  if (missing.length === 0) return null;
  const listed = missing.slice(0, 5).join(', ');
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
  return `Answer every statement before you see your scores: ${plural(missing.length, 'statement')} left (number ${listed}${more}).`;
}

export function progressLabel(answered: number, total: number): string {
  return `${answered} of ${total} answered`;
}

/** A result as rows in the fixed domain order, for the score bars and the text alternative. */
export function scoreRows(result: PersonalityResult) {
  return PERSONALITY_DOMAINS.map((domain) => {
    const score = result.scores[domain];
    return {
      domain,
      label: PERSONALITY_DOMAIN_LABELS[domain],
      mean: score.mean,
      percent: score.percentOfRange,
      raw: score.raw,
    };
  });
}

/**
 * The history per domain, oldest first (results arrive newest first), with the change from the
 * previous time; `change` is null for the first time.
 */
export function domainHistory(results: readonly PersonalityResult[], domain: PersonalityDomain) {
  const ordered = [...results].sort((a, b) => a.takenAt.localeCompare(b.takenAt));
  return ordered.map((result, index) => {
    const mean = result.scores[domain].mean;
    const before = index > 0 ? (ordered[index - 1]?.scores[domain].mean ?? null) : null;
    return {
      id: result.id,
      takenAt: result.takenAt,
      mean,
      change: before === null ? null : Math.round((mean - before) * 100) / 100,
    };
  });
}

export function formatChange(change: number | null): string {
  if (change === null) return 'first time';
  if (change === 0) return 'no change';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(2)}`;
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}
