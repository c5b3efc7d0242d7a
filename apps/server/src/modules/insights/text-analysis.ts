import {
  ANALYSIS_VERSION,
  EMOTIONS,
  type Emotion,
} from '@kaleido/shared/insights/insights.constants';
import type {
  DrivingWord,
  EmotionScores,
  ItemAnalysis,
} from '@kaleido/shared/insights/item-analysis.schemas';
import { markersOf } from './markers';
import { sentimentOf } from './text-sentiment';
import { FILLER_WORDS, themesOf } from './text-themes';
import { readText, type Token } from './text-tokens';

/**
 * One text → its valence, emotions, themes and language markers, each with the words that
 * produced it. Pure and synchronous (about 0.1 ms per sentence): no network, no state.
 *
 * The text is read by wink-nlp (text-tokens.ts); valence and emotions come from VADER and our
 * emotion lexicon (text-sentiment.ts), themes from lemmas, noun phrases and entities
 * (text-themes.ts).
 */

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

/** The empty result (an empty text, or one with no words). */
export function emptyAnalysis(): ItemAnalysis {
  return {
    valence: 0,
    valenceWords: [],
    emotions: Object.fromEntries(
      EMOTIONS.map((e) => [e, { score: 0, count: 0, words: [] as string[] }]),
    ) as unknown as EmotionScores,
    dominantEmotion: null,
    themes: [],
    markers: markersOf([]),
    wordCount: 0,
    version: ANALYSIS_VERSION,
  };
}

/** Analyses one text. */
export function analyseText(input: string): ItemAnalysis {
  return analyse(input).result;
}

/**
 * A text's content words as the personal model counts them: lemmas of nouns, verbs, adjectives
 * and adverbs, "not_" before a negated one; never a name (a person's, lowercased, is no mood
 * word) nor a filler ("actually").
 */
function termsOf(words: Token[]): Record<string, number> {
  const terms: Record<string, number> = {};
  for (const token of words) {
    if (token.stop || token.lemma.length < 3 || !/^[a-z][a-z'-]*$/.test(token.lemma)) continue;
    if (!TERM_POS.has(token.pos) || FILLER_WORDS.has(token.lemma)) continue;
    const term = token.negated ? `not_${token.lemma}` : token.lemma;
    terms[term] = (terms[term] ?? 0) + 1;
  }
  return terms;
}
const TERM_POS = new Set(['NOUN', 'VERB', 'ADJ', 'ADV']);

/** The analysis and the terms the personal model learns from. */
export function analyse(input: string): { result: ItemAnalysis; terms: Record<string, number> } {
  const text = input.trim();
  if (!text) return { result: emptyAnalysis(), terms: {} };
  const { doc, sentences, sentenceTexts } = readText(text);
  const allWords = sentences.flat();
  if (allWords.length === 0) return { result: emptyAnalysis(), terms: {} };

  const { valence, valenceWords, emotionCounts } = sentimentOf(sentences, sentenceTexts);

  const totalEmotion = [...emotionCounts.values()].reduce((sum, e) => sum + e.count, 0);
  const emotions = Object.fromEntries(
    EMOTIONS.map((e) => {
      const entry = emotionCounts.get(e) ?? { count: 0, words: new Set<string>() };
      return [
        e,
        {
          score: totalEmotion === 0 ? 0 : round(entry.count / totalEmotion),
          count: entry.count,
          words: [...entry.words],
        },
      ];
    }),
  ) as EmotionScores;
  let dominantEmotion: Emotion | null = null;
  for (const e of EMOTIONS)
    if (
      emotions[e].count > 0 &&
      (!dominantEmotion || emotions[e].count > emotions[dominantEmotion].count)
    )
      dominantEmotion = e;

  const result: ItemAnalysis = {
    valence: round(Math.max(-1, Math.min(1, valence))),
    valenceWords: [...valenceWords.entries()]
      .filter(([, weight]) => weight !== 0)
      .map(([word, weight]): DrivingWord => ({ word, weight: round(weight, 2) }))
      .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))
      .slice(0, 20),
    emotions,
    dominantEmotion,
    themes: themesOf(doc, sentences),
    markers: markersOf(allWords.map((t) => t.lower)),
    wordCount: allWords.length,
    version: ANALYSIS_VERSION,
  };
  return { result, terms: termsOf(allWords) };
}
