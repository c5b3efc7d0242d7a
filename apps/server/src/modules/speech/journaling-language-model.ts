import { readFile } from 'node:fs/promises';
import {
  interpolationWeight,
  SENTENCE_END,
  SENTENCE_START,
  tokenize,
  trainTrigramModel,
  type TrigramModel,
} from './arpa-language-model';
import { JOURNALING_CORPUS } from './journaling-corpus';

/** Folds of the corpus for choosing the interpolation weight on text the model did not see. */
const FOLDS = 10;

/** The words a PocketSphinx dictionary spells (alternative pronunciations `word(2)` folded). */
export async function dictionaryWords(path: string): Promise<Set<string>> {
  const words = new Set<string>();
  for (const line of (await readFile(path, 'utf8')).split('\n')) {
    const word = line.split(/\s/, 1)[0]?.replace(/\(\d+\)$/, '');
    if (word) words.add(word.toLowerCase());
  }
  return words;
}

/**
 * The corpus as word lists, keeping only the sentences every word of which the dictionary knows
 * (a sentence with a word dropped from its middle would teach the model word pairs no one says).
 */
export function journalingSentences(known: ReadonlySet<string>): string[][] {
  return JOURNALING_CORPUS.map(tokenize).filter((words) => words.every((w) => known.has(w)));
}

/**
 * The journaling model's interpolation weight, chosen by a rule fixed before any recognition was
 * measured (decision 036): the weight that maximises the likelihood of journaling text the
 * journaling model did not see, by expectation-maximisation over ten-fold cross-validation of
 * the corpus (each tenth scored by a model trained on the other nine, every word and each
 * sentence end, each against the generic model's probability of the same word after the same
 * two words).
 */
export function crossValidatedWeight(
  sentences: readonly (readonly string[])[],
  generic: (word: string, history: readonly string[]) => number,
): number {
  const pairs: [number, number][] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const model: TrigramModel = trainTrigramModel(sentences.filter((_, i) => i % FOLDS !== fold));
    sentences.forEach((sentence, i) => {
      if (i % FOLDS !== fold) return;
      const words = [SENTENCE_START, ...sentence, SENTENCE_END];
      for (let j = 1; j < words.length; j++) {
        const word = words[j] ?? '';
        const history = words.slice(Math.max(0, j - 2), j);
        pairs.push([model.probability(word, history), generic(word, history)]);
      }
    });
  }
  return interpolationWeight(pairs);
}
