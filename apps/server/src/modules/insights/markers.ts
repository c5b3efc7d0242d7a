import type { MarkerScore, MarkerScores } from '@kaleido/shared/insights/item-analysis.schemas';

/**
 * Language markers with published evidence, counted per 100 words:
 * - first-person singular (I, me, my, mine, myself): raised in depression (Rude, Gortner &
 *   Pennebaker 2004; Tackman et al. 2019, a small effect);
 * - absolutist words: the 19-word dictionary of Al-Mosaiwi & Johnstone (2018), more frequent in
 *   anxiety, depression and suicidal ideation forums;
 * - negations (not, no, never, n't...): LIWC's negation category.
 * They describe language, never a person: a tentative indicator at most.
 */
export const FIRST_PERSON_SINGULAR = new Set(['i', 'me', 'my', 'mine', 'myself', "i'm", 'im']);
export const ABSOLUTIST = new Set([
  'absolutely',
  'all',
  'always',
  'complete',
  'completely',
  'constant',
  'constantly',
  'definitely',
  'entire',
  'ever',
  'every',
  'everyone',
  'everything',
  'full',
  'must',
  'never',
  'nothing',
  'totally',
  'whole',
]);
export const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'none',
  'nobody',
  'nothing',
  'neither',
  'nor',
  'nowhere',
  "n't",
  'cannot',
  'without',
  "don't",
  "didn't",
  "doesn't",
  "isn't",
  "wasn't",
  "aren't",
  "weren't",
  "won't",
  "can't",
  "couldn't",
  "shouldn't",
  "wouldn't",
  "haven't",
  "hasn't",
  "hadn't",
]);

const round = (value: number) => Math.round(value * 100) / 100;

function score(words: readonly string[], set: ReadonlySet<string>): MarkerScore {
  const found = words.filter((w) => set.has(w));
  return {
    rate: words.length === 0 ? 0 : round((found.length / words.length) * 100),
    count: found.length,
    words: [...new Set(found)],
  };
}

/** The three markers over a text's words (lower case, punctuation removed). */
export function markersOf(words: readonly string[]): MarkerScores {
  return {
    first_person_singular: score(words, FIRST_PERSON_SINGULAR),
    absolutist: score(words, ABSOLUTIST),
    negation: score(words, NEGATIONS),
  };
}
