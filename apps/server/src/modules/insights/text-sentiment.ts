import vader from 'vader-sentiment';
import { EMOTIONS, type Emotion } from '@kaleido/shared/insights/insights.constants';
import { emotionsOf } from './emotion-lexicon';
import type { Token } from './text-tokens';

/**
 * Valence: VADER (its JS port) per sentence, plus our emotion lexicon for journal words VADER does
 * not know ("exhausted" is in VADER, "overthinking" is not), combined on VADER's own scale and
 * averaged over the sentences that carry any sentiment. Emotions: our lexicon's words, counted
 * unless negated.
 */

/** VADER's normalisation of a summed valence, and its inverse. */
const ALPHA = 15;
const normalise = (x: number) => x / Math.sqrt(x * x + ALPHA);
const denormalise = (c: number) =>
  Math.abs(c) >= 0.9999 ? Math.sign(c) * 200 : c * Math.sqrt(ALPHA / (1 - c * c));

/** How much an emotion word VADER does not know moves the valence (VADER's scale is ±4). */
const EMOTION_VALENCE: Record<Emotion, number> = {
  joy: 1.8,
  calm: 1.2,
  // Looking ahead and being surprised are neither good nor bad ("the trip tomorrow").
  anticipation: 0,
  surprise: 0,
  sadness: -1.8,
  anger: -1.8,
  fear: -1.5,
  disgust: -1.8,
};
/** VADER's scalar for a negated word. */
const NEGATION_SCALAR = -0.74;

const vaderCache = new Map<string, number>();
/** A word's own VADER valence (its lexicon value), 0 when VADER does not know it. */
export function vaderWordValence(word: string): number {
  let value = vaderCache.get(word);
  if (value === undefined) {
    value = denormalise(vader.SentimentIntensityAnalyzer.polarity_scores(word).compound);
    if (vaderCache.size > 50_000) vaderCache.clear();
    vaderCache.set(word, value);
  }
  return value;
}

function lexiconValence(emotions: readonly Emotion[]): number {
  if (emotions.length === 0) return 0;
  return emotions.reduce((sum, e) => sum + EMOTION_VALENCE[e], 0) / emotions.length;
}

/** Lemma and surface form are both looked up; two-word entries ("looking forward") too. */
function emotionsAt(tokens: Token[], i: number): { word: string; emotions: readonly Emotion[] } {
  const token = tokens[i];
  if (!token) return { word: '', emotions: [] };
  const next = tokens[i + 1];
  if (next) {
    const pair = `${token.lower} ${next.lower}`;
    const pairEmotions = emotionsOf(pair);
    if (pairEmotions.length > 0) return { word: pair, emotions: pairEmotions };
  }
  const own = emotionsOf(token.lower);
  if (own.length > 0) return { word: token.lower, emotions: own };
  return { word: token.lower, emotions: emotionsOf(token.lemma) };
}

/** A text's valence, the words that moved it, and each emotion's words, sentence by sentence. */
export function sentimentOf(sentences: Token[][], sentenceTexts: string[]) {
  const emotionCounts = new Map<Emotion, { count: number; words: Set<string> }>(
    EMOTIONS.map((e) => [e, { count: 0, words: new Set<string>() }]),
  );
  const valenceWords = new Map<string, number>();
  const sentenceValences: number[] = [];

  sentences.forEach((tokens, index) => {
    const sentenceText = sentenceTexts[index] ?? '';
    let raw = denormalise(vader.SentimentIntensityAnalyzer.polarity_scores(sentenceText).compound);
    let carries = raw !== 0;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (!token) continue;
      const { word, emotions } = emotionsAt(tokens, i);
      const own = vaderWordValence(token.lower);
      if (own !== 0) {
        const weight = token.negated ? own * NEGATION_SCALAR : own;
        valenceWords.set(token.lower, (valenceWords.get(token.lower) ?? 0) + weight);
      }
      if (emotions.length === 0) continue;
      // "not happy" is no joy; it still says something about valence (VADER flips it).
      if (!token.negated)
        for (const emotion of emotions) {
          const entry = emotionCounts.get(emotion);
          if (entry) {
            entry.count++;
            entry.words.add(word);
          }
        }
      if (own === 0 && vaderWordValence(word) === 0) {
        const extra = lexiconValence(emotions) * (token.negated ? NEGATION_SCALAR : 1);
        if (extra !== 0) {
          raw += extra;
          carries = true;
          valenceWords.set(word, (valenceWords.get(word) ?? 0) + extra);
        }
      }
      if (word.includes(' ')) i++;
    }
    if (carries) sentenceValences.push(normalise(raw));
  });

  const valence =
    sentenceValences.length === 0
      ? 0
      : sentenceValences.reduce((a, b) => a + b, 0) / sentenceValences.length;
  return { valence, valenceWords, emotionCounts };
}
