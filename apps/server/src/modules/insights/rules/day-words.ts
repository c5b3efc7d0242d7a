// The valence words of items and days: summed each way, added up, the largest named.
import { EVIDENCE_WORDS, type InsightItem } from './shared';
import type { UpDown, WordSums } from './day-figures';

/** Sums of |weight| kept to the hundredth: weights are, so sums are exact and ties are ties. */
const cents = (value: number) => Math.round(value * 100) / 100;

export class WordTally {
  up = new Map<string, number>();
  down = new Map<string, number>();

  add(item: InsightItem) {
    for (const { word, weight } of item.result.valenceWords) {
      const sums = weight > 0 ? this.up : weight < 0 ? this.down : null;
      sums?.set(word, cents((sums.get(word) ?? 0) + Math.abs(weight)));
    }
  }

  sums(): UpDown {
    return { up: [...this.up], down: [...this.down] };
  }
}

/** Σ|weight| of the words each way, the largest first (first seen first on ties). */
export function topWords(sums: WordSums, limit = EVIDENCE_WORDS): string[] {
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([word]) => word);
}

/** Days' word sums added up (oldest first: first appearance is kept). */
export function addWords(lists: Iterable<WordSums>): WordSums {
  const sums = new Map<string, number>();
  for (const list of lists)
    for (const [word, sum] of list) sums.set(word, cents((sums.get(word) ?? 0) + sum));
  return [...sums];
}
