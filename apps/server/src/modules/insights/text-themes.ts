import type { Document } from 'wink-nlp';
import type { Theme } from '@kaleido/shared/insights/item-analysis.schemas';
import { emotionsOf } from './emotion-lexicon';
import { ABSOLUTIST, FIRST_PERSON_SINGULAR } from './markers';
import { vaderWordValence } from './text-sentiment';
import { entitiesOf, type Token } from './text-tokens';

/**
 * A text's themes: the lemmas that say something, noun phrases ("team meeting", "Central
 * Park") and the entities wink-nlp finds (dates, times, hashtags), most frequent first.
 */

const MAX_THEMES = 12;
const THEME_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);
/** Lemmas that say nothing about what a person writes about: neither themes nor model words. */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
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
  'actually',
  'basically',
  'literally',
  'probably',
  'maybe',
  'also',
  'still',
  'even',
  'quite',
  'pretty',
  'kind',
  'sort',
  'stuff',
  'anyway',
  'word',
]);
/** Entity types that are themes (amounts and percentages are not). */
const THEME_ENTITY_TYPES = new Set(['DATE', 'TIME', 'DURATION', 'HASHTAG', 'MENTION', 'EMOJI']);

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
    !FILLER_WORDS.has(token.lower) &&
    emotionsOf(token.lower).length === 0 &&
    vaderWordValence(token.lower) === 0);

export function themesOf(doc: Document, sentences: Token[][]): Theme[] {
  const counts = new Map<string, Theme>();
  const add = (text: string, kind: Theme['kind'], entityType?: string) => {
    const key = `${kind}:${text}`;
    const theme = counts.get(key);
    if (theme) theme.count++;
    else counts.set(key, { text, kind, ...(entityType && { entityType }), count: 1 });
  };
  const words = sentences.flat();
  for (const token of words) {
    if (token.stop || !THEME_POS.has(token.pos) || FILLER_WORDS.has(token.lemma)) continue;
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
        !FILLER_WORDS.has(next.lemma)
      )
        add(`${token.lower} ${next.lemma}`, 'noun_phrase');
    }
  for (const detail of entitiesOf(doc))
    if (THEME_ENTITY_TYPES.has(detail.type)) add(detail.value, 'entity', detail.type);
  const entities = new Set(
    [...counts.values()].filter((t) => t.kind === 'entity').map((t) => t.text.toLowerCase()),
  );
  return [...counts.values()]
    .filter((t) => t.kind !== 'noun_phrase' || !entities.has(t.text.toLowerCase()))
    .sort((a, b) => b.count - a.count || (a.kind === 'lemma' ? 1 : -1))
    .slice(0, MAX_THEMES);
}
