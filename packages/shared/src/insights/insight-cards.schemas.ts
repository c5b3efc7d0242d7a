import { z } from 'zod';
import {
  InsightKindSchema,
  InsightPeriodSchema,
  InsightStatusSchema,
  InsightToneSchema,
  SourceKindSchema,
} from './insights.schemas';

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
