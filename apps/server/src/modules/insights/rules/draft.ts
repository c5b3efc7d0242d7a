// What a card asks of the data before its evidence is looked up (rules → evidence.ts).
import type { Emotion, SourceKind } from '@kaleido/shared/insights/insights.constants';
import type { InsightCard } from '@kaleido/shared/insights/insight-cards.schemas';

/** Bounds on when an item happened (any that are set). */
export interface InstantRange {
  gt?: Date;
  gte?: Date;
  lt?: Date;
  lte?: Date;
}

/**
 * - newest / oldest: by time;
 * - strongest: the score (valence, or the recorded mood for `scored: 'mood'`) furthest in
 *   `sign`'s direction, the newest first on ties;
 * - most_felt: the largest |valence|, the oldest first on ties;
 * - emotion: the most words of `emotion`, the oldest first on ties.
 */
export type EvidenceOrder = 'newest' | 'oldest' | 'strongest' | 'most_felt' | 'emotion';

export interface EvidenceRequest {
  /** The item is in any of these (none: any time in the person's history). */
  ranges: InstantRange[];
  kind?: SourceKind;
  /** A TIME_BANDS label, in the person's timezone. */
  band?: string;
  /** Items with words (valence), or journal entries with a recorded mood. */
  scored?: 'worded' | 'mood';
  /** The score's sign: only items whose score is above (1) or below (−1) zero. */
  sign?: 1 | -1;
  /** At least one word of this emotion. */
  emotion?: Emotion;
  /** At least one emotion word. */
  emotional?: boolean;
  /** Mentions this theme or tag (lowercased). */
  theme?: string;
  order: EvidenceOrder;
  limit: number;
}

/** The valence words most present one way in a group's days (as the cards name them). */
export interface WordsRequest {
  /** A channel, or a TIME_BANDS label; neither: every item. */
  kind?: SourceKind;
  band?: string;
  direction: 'up' | 'down';
  /** Local days from `fromDay` (inclusive) to `toDay` (exclusive); unset: the whole history. */
  fromDay?: string;
  toDay?: string;
  limit: number;
}

/** A card whose evidence items (and some words) are still descriptions (see resolveCards). */
export type DraftCard = Omit<InsightCard, 'evidence'> & {
  evidence: { items: EvidenceRequest[]; words: string[]; wordRequests?: WordsRequest[] };
};
