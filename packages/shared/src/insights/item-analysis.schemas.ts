import { z } from 'zod';
import { MOODS } from '../journal/journal.constants';
import { EMOTIONS, THEME_KINDS } from './insights.constants';
import { EmotionSchema, SourceKindSchema } from './insights.schemas';

const MoodSchema = z.enum(MOODS);

// ---------------------------------------------------------------------------------------------
// Per item: what one text says, with the words behind each figure
// ---------------------------------------------------------------------------------------------

/** A word that moved a score, and by how much (signed for valence; a count for the rest). */
export const DrivingWordSchema = z.object({ word: z.string(), weight: z.number() });
export type DrivingWord = z.infer<typeof DrivingWordSchema>;

export const EmotionScoreSchema = z.object({
  /** Share of this item's emotion words that carry this emotion, 0..1 (all eight sum to 1 or 0). */
  score: z.number().min(0).max(1),
  /** How many emotion words (after negation) counted for it. */
  count: z.number().int().min(0),
  /** The words that produced it, as written (lower case). */
  words: z.array(z.string()),
});
export type EmotionScore = z.infer<typeof EmotionScoreSchema>;

export const EmotionScoresSchema = z.object(
  Object.fromEntries(EMOTIONS.map((e) => [e, EmotionScoreSchema])) as Record<
    (typeof EMOTIONS)[number],
    typeof EmotionScoreSchema
  >,
);
export type EmotionScores = z.infer<typeof EmotionScoresSchema>;

export const ThemeSchema = z.object({
  /** The lemma, the noun phrase or the entity, normalised (lower case except entities). */
  text: z.string(),
  kind: z.enum(THEME_KINDS),
  /** For entities: wink-nlp's type (DATE, PERSON-like proper nouns are kept as noun phrases). */
  entityType: z.string().optional(),
  count: z.number().int().min(1),
});
export type Theme = z.infer<typeof ThemeSchema>;

export const MarkerScoreSchema = z.object({
  /** Occurrences per 100 words. */
  rate: z.number().min(0),
  count: z.number().int().min(0),
  words: z.array(z.string()),
});
export type MarkerScore = z.infer<typeof MarkerScoreSchema>;

export const MarkerScoresSchema = z.object({
  /** I, me, my, mine, myself (Pennebaker; Rude et al. 2004 on depression and "I"). */
  first_person_singular: MarkerScoreSchema,
  /** always, never, completely, nothing... (Al-Mosaiwi & Johnstone 2018). */
  absolutist: MarkerScoreSchema,
  /** not, no, never, n't... */
  negation: MarkerScoreSchema,
});
export type MarkerScores = z.infer<typeof MarkerScoresSchema>;

export const MoodEstimateSchema = z.object({
  mood: MoodSchema,
  /** The personal model's probability for that mood, 0..1. */
  confidence: z.number().min(0).max(1),
  /** The person's words that pointed there most. */
  words: z.array(z.string()),
});
export type MoodEstimate = z.infer<typeof MoodEstimateSchema>;

/** The analysis of one item (a journal entry, a chat message, a transcript...). */
export const ItemAnalysisSchema = z.object({
  /** VADER's compound score: −1 (very negative) .. 1 (very positive). */
  valence: z.number().min(-1).max(1),
  /** Lexicon words behind the valence, with their signed weight (after negation). */
  valenceWords: z.array(DrivingWordSchema),
  emotions: EmotionScoresSchema,
  /** The emotion with the highest score, or null when no emotion word was found. */
  dominantEmotion: EmotionSchema.nullable(),
  themes: z.array(ThemeSchema),
  markers: MarkerScoresSchema,
  wordCount: z.number().int().min(0),
  /** Lexicon and rule version that produced this. */
  version: z.string(),
});
export type ItemAnalysis = z.infer<typeof ItemAnalysisSchema>;

/** An analysed item as stored: where it came from, when, and the personal model's estimate. */
export const AnalysedItemSchema = z.object({
  sourceKind: SourceKindSchema,
  sourceId: z.string(),
  /** When the person wrote or said it. */
  occurredAt: z.string(),
  analysedAt: z.string(),
  /** The mood the person recorded (journal entries), or null. */
  mood: MoodSchema.nullable(),
  /** The personal model's estimate when no mood was recorded (and it has learned enough). */
  estimatedMood: MoodEstimateSchema.nullable(),
  result: ItemAnalysisSchema,
});
export type AnalysedItem = z.infer<typeof AnalysedItemSchema>;
