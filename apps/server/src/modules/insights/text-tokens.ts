import winkNLP, {
  type Document,
  type ItemEntity,
  type ItemSentence,
  type ItemToken,
  type Sentences,
} from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { NEGATIONS } from './markers';

/** A text read by wink-nlp: its sentences as word tokens, and the document for its entities. */
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

const NEGATION_WINDOW = 3;
const isWord = (type: string) => type === 'word' || type === 'emoticon' || type === 'emoji';

export interface Token {
  text: string;
  lower: string;
  lemma: string;
  pos: string;
  stop: boolean;
  negated: boolean;
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

/** A text's sentences, as word tokens and as written. */
export function readText(text: string): {
  doc: Document;
  sentences: Token[][];
  sentenceTexts: string[];
} {
  const doc = nlp.readDoc(text);
  return { doc, sentences: sentenceTokens(doc.sentences()), sentenceTexts: doc.sentences().out() };
}

/** The entities wink-nlp found (dates, times, hashtags…), in the order it found them. */
export function entitiesOf(doc: Document): { value: string; type: string }[] {
  const out: { value: string; type: string }[] = [];
  doc.entities().each((entity: ItemEntity) => {
    out.push(entity.out(its.detail) as { value: string; type: string });
  });
  return out;
}
