import { z } from 'zod';
import { MOODS } from '../journal/journal.constants';
import { DISPUTE_REASON_MAX, INSIGHTS_MESSAGES as M } from './insights.constants';
import { InsightKindSchema, InsightStatusSchema } from './insights.schemas';
import { DrivingWordSchema } from './item-analysis.schemas';

const MoodSchema = z.enum(MOODS);

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

/** GET /api/insights/disputes: the person's hidden insights, oldest first, each restorable. */
export const DisputeListSchema = z.object({ disputes: z.array(DisputeSchema) });
export type DisputeList = z.infer<typeof DisputeListSchema>;

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
