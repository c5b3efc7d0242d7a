import { z } from 'zod';
import { MOODS } from '../journal/journal.constants';
import {
  DISPUTE_REASON_MAX,
  EMOTIONS,
  INSIGHT_KINDS,
  INSIGHT_PERIODS,
  INSIGHT_STATUSES,
  INSIGHT_TONES,
  INSIGHTS_MESSAGES as M,
  SOURCE_KINDS,
  THEME_KINDS,
} from './insights.constants';

/**
 * The contract of analysis and insights, read by the server (what it stores and answers) and the
 * web (dashboard cards, detail pages, the personal model, disputes). Every figure carries the
 * words or items that produced it, so nothing shown is unexplained.
 */

export const EmotionSchema = z.enum(EMOTIONS);
export const SourceKindSchema = z.enum(SOURCE_KINDS);
export const InsightKindSchema = z.enum(INSIGHT_KINDS, { error: M.unknownKind });
export const InsightPeriodSchema = z.enum(INSIGHT_PERIODS);
export const InsightStatusSchema = z.enum(INSIGHT_STATUSES);
export const InsightToneSchema = z.enum(INSIGHT_TONES);
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

// ---------------------------------------------------------------------------------------------
// Insight cards
// ---------------------------------------------------------------------------------------------

/** An item an insight rests on, linkable from the card. */
export const EvidenceItemSchema = z.object({
  kind: SourceKindSchema,
  id: z.string(),
  /** The item's title (journal entries, voice notes) or a short label for the channel. */
  title: z.string(),
  /** The first words of the text (at most 160 characters). */
  snippet: z.string(),
  date: z.string(),
  /** Where it opens in the app, or null when it cannot be opened (e.g. a deleted conversation). */
  href: z.string().nullable(),
});
export type EvidenceItem = z.infer<typeof EvidenceItemSchema>;

export const InsightEvidenceSchema = z.object({
  items: z.array(EvidenceItemSchema),
  /** The words that drove the claim. */
  words: z.array(z.string()),
});
export type InsightEvidence = z.infer<typeof InsightEvidenceSchema>;

/** An estimate with its 95% interval. */
export const IntervalSchema = z.object({
  estimate: z.number(),
  low: z.number(),
  high: z.number(),
  /** Confidence level of [low, high], e.g. 0.95. */
  level: z.number(),
  /** What the numbers are: 'valence' (−1..1), 'share' (0..1), 'mood' (1..5), 'effect size (d)'... */
  unit: z.string(),
});
export type Interval = z.infer<typeof IntervalSchema>;

/** A point of a line chart (a trend); `low`/`high` draw the band when there is one. */
export const ChartPointSchema = z.object({
  /** Start of the bucket (YYYY-MM-DD) or a label (a channel, an hour band). */
  x: z.string(),
  y: z.number().nullable(),
  n: z.number().int().min(0),
  low: z.number().optional(),
  high: z.number().optional(),
});
export type ChartPoint = z.infer<typeof ChartPointSchema>;

/** What a card draws; every chart also has a text alternative (`summary`). */
export const InsightChartSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('line'),
    unit: z.string(),
    /** Axis range, e.g. [−1, 1] for valence or [1, 5] for mood. */
    domain: z.tuple([z.number(), z.number()]),
    points: z.array(ChartPointSchema),
    summary: z.string(),
  }),
  z.object({
    type: z.literal('stacked'),
    /** Series names in drawing order (the emotions). */
    keys: z.array(z.string()),
    points: z.array(
      z.object({
        x: z.string(),
        n: z.number().int().min(0),
        values: z.record(z.string(), z.number()),
      }),
    ),
    summary: z.string(),
  }),
  z.object({
    type: z.literal('bars'),
    unit: z.string(),
    bars: z.array(ChartPointSchema),
    summary: z.string(),
  }),
]);
export type InsightChart = z.infer<typeof InsightChartSchema>;

export const InsightCardSchema = z.object({
  /**
   * Stable for the same claim (`<kind>:<period or subject>`, e.g. `valence_trend:week`,
   * `better_worse_days:tag:work`); a dispute names it.
   */
  id: z.string(),
  kind: InsightKindSchema,
  title: z.string(),
  /** The claim, phrased in the person's tone; when status is not_enough_data, says so. */
  claim: z.string(),
  status: InsightStatusSchema,
  tone: InsightToneSchema,
  /** Data points the claim rests on (items or days, see `nUnit`). */
  n: z.number().int().min(0),
  nUnit: z.enum(['items', 'days', 'entries']),
  /** The least n before a claim is made. */
  minimum: z.number().int().min(0),
  /** The estimate and its uncertainty, or null when there is none (not enough data, a summary). */
  interval: IntervalSchema.nullable(),
  evidence: InsightEvidenceSchema,
  chart: InsightChartSchema.nullable(),
  period: InsightPeriodSchema.nullable(),
  generatedAt: z.string(),
  /**
   * Who wrote the claim: our templates, or (the weekly reflection of someone who turned it on,
   * when the operator configured LLM_*) the operator's language model, from the same figures.
   */
  writtenBy: z.enum(['template', 'language_model']).optional(),
});
export type InsightCard = z.infer<typeof InsightCardSchema>;

/** GET /api/insights */
export const InsightListSchema = z.object({
  /** False: the person turned analysis off; `cards` is empty. */
  analysisEnabled: z.boolean(),
  tone: InsightToneSchema,
  /** Items analysed so far (all channels). */
  itemsAnalysed: z.number().int().min(0),
  /** Cards hidden because the person said they did not fit. */
  hiddenCount: z.number().int().min(0),
  cards: z.array(InsightCardSchema),
  generatedAt: z.string(),
});
export type InsightList = z.infer<typeof InsightListSchema>;

/** GET /api/insights/:kind?period=… — one kind's cards in depth, with how it was worked out. */
export const InsightDetailSchema = z.object({
  kind: InsightKindSchema,
  title: z.string(),
  analysisEnabled: z.boolean(),
  tone: InsightToneSchema,
  cards: z.array(InsightCardSchema),
  /** How the figures are computed, in plain words. */
  method: z.string(),
  /** What the figures cannot tell. */
  caveats: z.array(z.string()),
  generatedAt: z.string(),
});
export type InsightDetail = z.infer<typeof InsightDetailSchema>;

export const InsightQuerySchema = z.object({
  period: InsightPeriodSchema.optional(),
});
export type InsightQuery = z.infer<typeof InsightQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Disputes: "This doesn't fit me"
// ---------------------------------------------------------------------------------------------

export const DisputeBodySchema = z.strictObject({
  insightId: z.string().trim().min(1).max(200),
  reason: z.string().trim().max(DISPUTE_REASON_MAX, M.disputeReasonTooLong).default(''),
});
export type DisputeBody = z.infer<typeof DisputeBodySchema>;

export const DisputeSchema = z.object({
  id: z.string(),
  insightId: z.string(),
  kind: InsightKindSchema,
  /** The claim as it was shown. */
  claim: z.string(),
  reason: z.string(),
  /** The words the model now weighs less for this person. */
  words: z.array(z.string()),
  createdAt: z.string(),
});
export type Dispute = z.infer<typeof DisputeSchema>;

// ---------------------------------------------------------------------------------------------
// The personal model
// ---------------------------------------------------------------------------------------------

export const PersonalModelSchema = z.object({
  status: InsightStatusSchema,
  /** Journal entries with a recorded mood it learned from. */
  entriesLearnedFrom: z.number().int().min(0),
  /** Distinct words it knows. */
  vocabularySize: z.number().int().min(0),
  minimumEntries: z.number().int().min(0),
  /** Entries per recorded mood. */
  perMood: z.record(MoodSchema, z.number().int().min(0)),
  /** The words most typical of each mood for this person (most typical first). */
  topWords: z.array(z.object({ mood: MoodSchema, words: z.array(DrivingWordSchema) })),
  /** Items without a recorded mood whose mood it estimated. */
  itemsEstimated: z.number().int().min(0),
  /** Disputes it has taken into account. */
  disputes: z.array(DisputeSchema),
  updatedAt: z.string().nullable(),
});
export type PersonalModel = z.infer<typeof PersonalModelSchema>;

// ---------------------------------------------------------------------------------------------
// The person's control over analysis
// ---------------------------------------------------------------------------------------------

export const AnalysisSettingsSchema = z.object({
  /** Off: nothing new is analysed, queued analysis skips, insights say analysis is off. */
  enabled: z.boolean(),
  /**
   * On (off by default): the weekly reflection is written by the language model the operator
   * runs (LLM_*), from the reflection's figures only; off, or without one, from templates.
   */
  llmReflection: z.boolean(),
  /** Whether this server has a language model configured (the choice above matters only then). */
  llmAvailable: z.boolean(),
});
export type AnalysisSettings = z.infer<typeof AnalysisSettingsSchema>;
export const AnalysisSettingsBodySchema = z
  .strictObject({
    enabled: z.boolean({ error: 'Analysis must be on or off' }).optional(),
    llmReflection: z.boolean({ error: 'The written reflection must be on or off' }).optional(),
  })
  .refine((body) => body.enabled !== undefined || body.llmReflection !== undefined, {
    error: 'Nothing to change',
  });
export type AnalysisSettingsBody = z.infer<typeof AnalysisSettingsBodySchema>;

/** DELETE /api/insights/derived answers how much went. */
export const DerivedDataDeletedSchema = z.object({
  itemsDeleted: z.number().int().min(0),
  disputesDeleted: z.number().int().min(0),
  message: z.string(),
});
export type DerivedDataDeleted = z.infer<typeof DerivedDataDeletedSchema>;

// ---------------------------------------------------------------------------------------------
// Realtime
// ---------------------------------------------------------------------------------------------

export const InsightsEventSchemas = {
  /**
   * To `user:<id>`: this person's analysis changed (an item analysed or its derived data gone, a
   * dispute, a model update, analysis switched); dashboards refetch insights and figures.
   */
  'insights.updated': z.object({
    reason: z.enum(['analysed', 'removed', 'disputed', 'cleared', 'settings', 'reflection']),
    sourceKind: SourceKindSchema.optional(),
    sourceId: z.string().optional(),
    /**
     * Set by the instance whose analysis job made the change and computed the cards anew for
     * it: that instance keeps them (every other drops its own).
     */
    cardsToken: z.string().optional(),
  }),
} as const;
export type ServerInsightsEvent = z.infer<(typeof InsightsEventSchemas)['insights.updated']>;
