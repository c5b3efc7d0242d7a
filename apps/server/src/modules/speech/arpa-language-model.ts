/**
 * A trigram language model trained from a small text corpus, written in the ARPA back-off format
 * sphinxbase reads (decision 036): Witten-Bell smoothing, interpolated (every order's estimate
 * is mixed with the next lower order's in proportion to how many different words followed the
 * context), then stored as back-off: the seen n-grams carry their interpolated probability and
 * each context a back-off weight that gives the unseen words exactly the rest of the mass.
 * Words are lower-case; sentences are wrapped in <s> … </s>.
 */

export const SENTENCE_START = '<s>';
export const SENTENCE_END = '</s>';

export interface TrigramModel {
  /** Every word with a unigram, including </s> (and <s>, which is never predicted). */
  readonly vocabulary: readonly string[];
  /** P(word | history), history most recent last (0–2 words used); 0 for a word not in the vocabulary. */
  probability(word: string, history: readonly string[]): number;
  /** The model in ARPA text, log10 probabilities and back-off weights. */
  toArpa(): string;
}

const key = (words: readonly string[]) => words.join(' ');

/** Splits text into lower-case words (letters and apostrophes), as the recogniser's dictionary spells them. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

export function trainTrigramModel(sentences: readonly (readonly string[])[]): TrigramModel {
  // counts[n][context][word] for n = 1..3 (context has n-1 words)
  const counts = [new Map<string, Map<string, number>>(), new Map(), new Map()] as Map<
    string,
    Map<string, number>
  >[];
  for (const sentence of sentences) {
    const words = [SENTENCE_START, ...sentence, SENTENCE_END];
    for (let i = 1; i < words.length; i++) {
      for (let order = 1; order <= 3 && i - order + 1 >= 0; order++) {
        const context = key(words.slice(i - order + 1, i));
        const word = words[i] ?? '';
        const followers = counts[order - 1]?.get(context) ?? new Map<string, number>();
        followers.set(word, (followers.get(word) ?? 0) + 1);
        counts[order - 1]?.set(context, followers);
      }
    }
  }
  const unigrams = counts[0]?.get('') ?? new Map<string, number>();
  let tokens = 0;
  for (const count of unigrams.values()) tokens += count;
  const vocabulary = [SENTENCE_START, ...[...unigrams.keys()].sort()];

  /** Interpolated Witten-Bell probability: P(w|h) = (c(h,w) + T(h)·P(w|h')) / (c(h) + T(h)). */
  const memo = new Map<string, number>();
  function probability(word: string, history: readonly string[]): number {
    const context = history.slice(-2);
    const id = `${key(context)}|${word}`;
    const known = memo.get(id);
    if (known !== undefined) return known;
    let p: number;
    if (context.length === 0) {
      p = word === SENTENCE_START ? 0 : (unigrams.get(word) ?? 0) / tokens;
    } else {
      const lower = probability(word, context.slice(1));
      const followers = counts[context.length]?.get(key(context));
      if (!followers) {
        p = lower;
      } else {
        let total = 0;
        for (const count of followers.values()) total += count;
        const types = followers.size;
        p = ((followers.get(word) ?? 0) + types * lower) / (total + types);
      }
    }
    memo.set(id, p);
    return p;
  }

  /**
   * The back-off weight of a context: the mass the interpolated model gives to words not seen
   * after it, over the mass the shorter context gives to those same words.
   */
  function backoff(context: readonly string[]): number {
    const followers = counts[context.length]?.get(key(context));
    if (!followers) return 1;
    let seen = 0;
    let seenLower = 0;
    for (const word of followers.keys()) {
      seen += probability(word, context);
      seenLower += probability(word, context.slice(1));
    }
    // A context followed by every word leaves nothing to back off to.
    return seenLower >= 1 ? 1 : Math.max(0, 1 - seen) / (1 - seenLower);
  }

  const log10 = (p: number) => (p > 0 ? Math.log10(p).toFixed(6) : '-99');

  function toArpa(): string {
    const sections: string[][] = [[], [], []];
    for (const word of vocabulary) {
      sections[0]?.push(`${log10(probability(word, []))}\t${word}\t${log10(backoff([word]))}`);
    }
    for (const order of [2, 3]) {
      for (const [context, followers] of counts[order - 1] ?? []) {
        const history = context.split(' ');
        for (const word of [...followers.keys()].sort()) {
          const p = log10(probability(word, history));
          const gram = `${context} ${word}`;
          // Only a bigram can be the context of a trigram; a context that ends a sentence cannot.
          const weight =
            order === 2 && word !== SENTENCE_END ? `\t${log10(backoff([...history, word]))}` : '';
          sections[order - 1]?.push(`${p}\t${gram}${weight}`);
        }
      }
    }
    return [
      '\\data\\',
      ...sections.map((lines, i) => `ngram ${i + 1}=${lines.length}`),
      '',
      ...sections.flatMap((lines, i) => [`\\${i + 1}-grams:`, ...lines, '']),
      '\\end\\',
      '',
    ].join('\n');
  }

  return { vocabulary, probability, toArpa };
}

/**
 * The interpolation weight of model A against model B that maximises the likelihood of held-out
 * text (expectation-maximisation, the standard way of setting linear-interpolation weights):
 * each pair is one held-out word's probability under A and under B.
 */
export function interpolationWeight(pairs: readonly (readonly [number, number])[]): number {
  let weight = 0.5;
  for (let iteration = 0; iteration < 200; iteration++) {
    let share = 0;
    for (const [a, b] of pairs) {
      const mixed = weight * a + (1 - weight) * b;
      if (mixed > 0) share += (weight * a) / mixed;
    }
    const next = pairs.length > 0 ? share / pairs.length : weight;
    if (Math.abs(next - weight) < 1e-6) return next;
    weight = next;
  }
  return weight;
}
