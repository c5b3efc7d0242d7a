import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  interpolationWeight,
  SENTENCE_END,
  SENTENCE_START,
  tokenize,
  trainTrigramModel,
} from './arpa-language-model';
import { JOURNALING_CORPUS } from './journaling-corpus';
import {
  crossValidatedWeight,
  dictionaryWords,
  journalingSentences,
} from './journaling-language-model';

const corpus = [
  'I feel calm today',
  'I feel tired today',
  'today I feel calm',
  'I slept well',
  'I feel I slept well',
].map(tokenize);

/** Reads ARPA text back and answers P(w | h) the way a decoder does: the longest n-gram, else back off. */
function arpaReader(text: string) {
  const grams = new Map<string, { logProbability: number; logBackoff: number }>();
  const declared: number[] = [];
  let order = 0;
  for (const line of text.split('\n')) {
    const count = /^ngram (\d)=(\d+)$/.exec(line);
    if (count) declared[Number(count[1]) - 1] = Number(count[2]);
    const section = /^\\(\d)-grams:$/.exec(line);
    if (section) order = Number(section[1]);
    else if (order > 0 && line.includes('\t')) {
      const [p, gram, backoff] = line.split('\t');
      grams.set(gram ?? '', { logProbability: Number(p), logBackoff: Number(backoff ?? 0) });
    } else if (line === '\\end\\') order = 0;
  }
  const counted = [1, 2, 3].map(
    (n) => [...grams.keys()].filter((gram) => gram.split(' ').length === n).length,
  );
  function logP(word: string, history: string[]): number {
    const gram = grams.get([...history, word].join(' '));
    if (gram) return gram.logProbability;
    if (history.length === 0) return -Infinity;
    const context = grams.get(history.join(' '));
    return (context?.logBackoff ?? 0) + logP(word, history.slice(1));
  }
  return {
    declared,
    counted,
    probability: (word: string, history: string[]) => 10 ** logP(word, history),
  };
}

describe('the trigram model and its ARPA text', () => {
  const model = trainTrigramModel(corpus);
  const predicted = model.vocabulary.filter((word) => word !== SENTENCE_START);
  const histories = [
    [],
    ...model.vocabulary.map((word) => [word]),
    ...model.vocabulary.flatMap((a) => model.vocabulary.map((b) => [a, b])),
  ];

  it('gives a probability distribution after every history, seen or not', () => {
    for (const history of histories) {
      const total = predicted.reduce((sum, word) => sum + model.probability(word, history), 0);
      expect(total, `after "${history.join(' ')}"`).toBeCloseTo(1, 9);
    }
  });

  it('smooths: a word seen after a context keeps most mass, unseen ones still get some', () => {
    expect(model.probability('feel', ['<s>', 'i'])).toBeGreaterThan(0.5);
    expect(model.probability('well', ['i', 'feel'])).toBeGreaterThan(0);
    expect(model.probability('well', ['i', 'feel'])).toBeLessThan(
      model.probability('calm', ['i', 'feel']),
    );
    expect(model.probability('unknown', ['i'])).toBe(0);
  });

  it('writes ARPA whose back-off reading is the same model, exactly (to 6 decimals of log10)', () => {
    const arpa = arpaReader(model.toArpa());
    expect(arpa.declared).toEqual(arpa.counted);
    expect(arpa.counted[0]).toBe(model.vocabulary.length);
    for (const history of histories) {
      for (const word of predicted) {
        expect(
          Math.log10(arpa.probability(word, history)),
          `P(${word} | ${history.join(' ')})`,
        ).toBeCloseTo(Math.log10(model.probability(word, history)), 4);
      }
    }
    // <s> is never predicted; </s> ends sentences and is no context.
    expect(model.toArpa()).toMatch(/^-99\t<s>\t/m);
    expect(model.toArpa()).not.toMatch(new RegExp(`^\\S+\\t${SENTENCE_END} `, 'm'));
  });
});

describe('the interpolation weight', () => {
  it('is the share of held-out words the first model explains (EM on a two-model mixture)', () => {
    const pairs: [number, number][] = [
      ...Array.from({ length: 3 }, (): [number, number] => [0.5, 0]),
      ...Array.from({ length: 7 }, (): [number, number] => [0, 0.25]),
    ];
    expect(interpolationWeight(pairs)).toBeCloseTo(0.3, 5);
  });

  it('leans toward the model that predicts held-out text better', () => {
    const sentences = corpus.concat(corpus, corpus);
    const uniform = () => 1 / 1000;
    expect(crossValidatedWeight(sentences, uniform)).toBeGreaterThan(0.9);
  });
});

const dictionary = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';
describe.runIf(existsSync(dictionary))('the journaling corpus', () => {
  it('has a few hundred sentences, nearly all in words the dictionary knows', async () => {
    const sentences = journalingSentences(await dictionaryWords(dictionary));
    expect(JOURNALING_CORPUS.length).toBeGreaterThanOrEqual(300);
    expect(sentences.length).toBeGreaterThanOrEqual(JOURNALING_CORPUS.length - 5);
    expect(new Set(sentences.flat()).size).toBeGreaterThan(500);
  });
});
