import { z } from 'zod';
import {
  EMOTIONS,
  INSIGHT_KINDS,
  INSIGHT_PERIODS,
  INSIGHT_STATUSES,
  INSIGHT_TONES,
  INSIGHTS_MESSAGES as M,
  SOURCE_KINDS,
} from './insights.constants';

/**
 * The contract of analysis and insights, read by the server (what it stores and answers) and the
 * web (dashboard cards, detail pages, the personal model, disputes). Every figure carries the
 * words or items that produced it, so nothing shown is unexplained. This file holds the words
 * every shape uses, the person's control over analysis and the realtime event; the shapes are
 * in item-analysis.schemas.ts (per item), insight-cards.schemas.ts (cards) and
 * personal-model.schemas.ts (disputes and the personal model).
 */

export const EmotionSchema = z.enum(EMOTIONS);
export const SourceKindSchema = z.enum(SOURCE_KINDS);
export const InsightKindSchema = z.enum(INSIGHT_KINDS, { error: M.unknownKind });
export const InsightPeriodSchema = z.enum(INSIGHT_PERIODS);
export const InsightStatusSchema = z.enum(INSIGHT_STATUSES);
export const InsightToneSchema = z.enum(INSIGHT_TONES);

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
