import vader from 'vader-sentiment';
import winkNLP, {
  type Document,
  type ItemEntity,
  type ItemSentence,
  type ItemToken,
  type Sentences,
} from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import {
  ANALYSIS_VERSION,
  EMOTIONS,
  type Emotion,
} from '@kaleido/shared/insights/insights.constants';
import type {
  DrivingWord,
  EmotionScores,
  ItemAnalysis,
  Theme,
} from '@kaleido/shared/insights/insights.schemas';
import { emotionsOf } from './emotion-lexicon';
import { ABSOLUTIST, FIRST_PERSON_SINGULAR, markersOf, NEGATIONS } from './markers';

/**
 * One text → its valence, emotions, themes and language markers, each with the words that
 * produced it. Pure and synchronous (about 0.1 ms per sentence): no network, no state.
 *
 * Valence: VADER (its JS port) per sentence, plus our emotion lexicon for journal words VADER does
 * not know ("exhausted" is in VADER, "overthinking" is not), combined on VADER's own scale and
 * averaged over the sentences that carry any sentiment.
 */

const nlp = winkNLP(model);
/* eslint-disable @typescript-eslint/unbound-method -- wink-nlp's `its` helpers are plain functions typed as methods */
const its = {
  type: nlp.its.type,
  normal: nlp.its.normal,
  // Its types give `lemma` the wrong signature; it is a token helper like `normal`.
  lemma: nlp.its.lemma as unknown as typeof nlp.its.normal,
  pos: nlp.its.pos,
  stopWordFlag: nlp.its.stopWordFlag,
  detail: nlp.its.detail,
};
/* eslint-enable @typescript-eslint/unbound-method */

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
const NEGATION_WINDOW = 3;
const MAX_THEMES = 12;

const vaderCache = new Map<string, number>();
/** A word's own VADER valence (its lexicon value), 0 when VADER does not know it. */
function vaderWordValence(word: string): number {
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

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;
const isWord = (type: string) => type === 'word' || type === 'emoticon' || type === 'emoji';
/** Skip lemmas that say nothing as a theme. */
const THEME_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);
const DULL = new Set([
  'be',
  'have',
  'do',
  'get',
  'go',
  'make',
  'feel',
  'think',
  'know',
  'say',
  'thing',
  'lot',
  'today',
  'day',
  'time',
  'really',
  'just',
  'bit',
  'way',
  'something',
]);
/** Entity types that are themes (amounts and percentages are not). */
const THEME_ENTITY_TYPES = new Set(['DATE', 'TIME', 'DURATION', 'HASHTAG', 'MENTION', 'EMOJI']);

interface Token {
  text: string;
  lower: string;
  lemma: string;
  pos: string;
  stop: boolean;
  negated: boolean;
}

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

function sentenceTokens(sentence: Sentences): Token[][] {
  const out: Token[][] = [];
  sentence.each((s: ItemSentence) => {
    const tokens: Token[] = [];
    let sinceNegation = Infinity;
    s.tokens().each((t: ItemToken) => {
      const type = t.out(its.type);
      if (!isWord(type)) {
        // A comma or a dash ends the reach of a negation.
        if (t.out() !== "'") sinceNegation = Infinity;
        return;
      }
      const text = t.out();
      const lower = t.out(its.normal).toLowerCase();
      tokens.push({
        text,
        lower,
        lemma: t.out(its.lemma).toLowerCase(),
        pos: t.out(its.pos),
        stop: t.out(its.stopWordFlag) === true,
        negated: sinceNegation <= NEGATION_WINDOW,
      });
      sinceNegation = NEGATIONS.has(lower) ? 1 : sinceNegation + 1;
    });
    out.push(tokens);
  });
  return out;
}

/** Analyses one text. */
export function analyseText(input: string): ItemAnalysis {
  return analyse(input).result;
}

/**
 * A text's content words as the personal model counts them: lemmas of nouns, verbs, adjectives
 * and adverbs, "not_" before a negated one.
 */
function termsOf(words: Token[]): Record<string, number> {
  const terms: Record<string, number> = {};
  for (const token of words) {
    if (token.stop || token.lemma.length < 3 || !/^[a-z][a-z'-]*$/.test(token.lemma)) continue;
    if (!TERM_POS.has(token.pos)) continue;
    const term = token.negated ? `not_${token.lemma}` : token.lemma;
    terms[term] = (terms[term] ?? 0) + 1;
  }
  return terms;
}
const TERM_POS = new Set(['NOUN', 'VERB', 'ADJ', 'ADV', 'PROPN']);

/** The analysis and the terms the personal model learns from. */
export function analyse(input: string): { result: ItemAnalysis; terms: Record<string, number> } {
  const text = input.trim();
  if (!text) return { result: emptyAnalysis(), terms: {} };
  const doc = nlp.readDoc(text);
  const sentences = sentenceTokens(doc.sentences());
  const sentenceTexts = doc.sentences().out();
  const allWords = sentences.flat();
  if (allWords.length === 0) return { result: emptyAnalysis(), terms: {} };

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

/** A proper noun that names something (not "I'm" or a capitalised "Everything"). */
const isName = (token: Token) =>
  !token.stop &&
  !FIRST_PERSON_SINGULAR.has(token.lower) &&
  !ABSOLUTIST.has(token.lower) &&
  /^[A-Z]/.test(token.text);

/**
 * A capitalised first word is a name only when it is no word we know ("Sarah", not "Feeling").
 */
const isSentenceStartName = (token: Token, next: Token | undefined) =>
  (next?.pos === 'PROPN' && isName(next)) ||
  (token.lemma === token.lower &&
    !token.lower.endsWith('ing') &&
    !DULL.has(token.lower) &&
    emotionsOf(token.lower).length === 0 &&
    vaderWordValence(token.lower) === 0);

function themesOf(doc: Document, sentences: Token[][]): Theme[] {
  const counts = new Map<string, Theme>();
  const add = (text: string, kind: Theme['kind'], entityType?: string) => {
    const key = `${kind}:${text}`;
    const theme = counts.get(key);
    if (theme) theme.count++;
    else counts.set(key, { text, kind, ...(entityType && { entityType }), count: 1 });
  };
  const words = sentences.flat();
  for (const token of words) {
    if (token.stop || !THEME_POS.has(token.pos) || DULL.has(token.lemma)) continue;
    if (ABSOLUTIST.has(token.lower)) continue;
    if (token.lemma.length < 3 || !/^[a-z][a-z'-]*$/.test(token.lemma)) continue;
    if (token.pos === 'PROPN') continue; // proper nouns come back as noun phrases
    add(token.lemma, 'lemma');
  }
  // Noun phrases: an optional adjective or noun before a noun ("team meeting", "long walk"),
  // or a run of proper nouns ("Central Park").
  for (const words of sentences)
    for (let i = 0; i < words.length; i++) {
      const token = words[i];
      if (!token) continue;
      if (
        token.pos === 'PROPN' &&
        isName(token) &&
        (i > 0 || isSentenceStartName(token, words[i + 1]))
      ) {
        let j = i;
        const parts: string[] = [];
        while (words[j] && words[j]?.pos === 'PROPN' && isName(words[j] as Token))
          parts.push(words[j++]?.text ?? '');
        // "Central Park": a proper noun followed by a capitalised common noun is one name.
        const after = words[j];
        if (after && after.pos === 'NOUN' && /^[A-Z]/.test(after.text)) parts.push(after.text);
        add(parts.join(' '), 'noun_phrase');
        i = j - 1;
        continue;
      }
      const next = words[i + 1];
      if (
        next &&
        (token.pos === 'ADJ' || token.pos === 'NOUN') &&
        next.pos === 'NOUN' &&
        !token.stop &&
        !DULL.has(next.lemma)
      )
        add(`${token.lower} ${next.lemma}`, 'noun_phrase');
    }
  doc.entities().each((entity: ItemEntity) => {
    const detail = entity.out(its.detail) as { value: string; type: string };
    if (THEME_ENTITY_TYPES.has(detail.type)) add(detail.value, 'entity', detail.type);
  });
  const entities = new Set(
    [...counts.values()].filter((t) => t.kind === 'entity').map((t) => t.text.toLowerCase()),
  );
  return [...counts.values()]
    .filter((t) => t.kind !== 'noun_phrase' || !entities.has(t.text.toLowerCase()))
    .sort((a, b) => b.count - a.count || (a.kind === 'lemma' ? 1 : -1))
    .slice(0, MAX_THEMES);
}
