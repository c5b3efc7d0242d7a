import { z } from 'zod';
import { InsightCardSchema } from '../insights/insight-cards.schemas';
import { MOODS, PRIVACY_LEVELS } from '../journal/journal.constants';
import { CareScopeSchema } from './care.schemas';

/**
 * What a professional reads of the people they work with (the /client pages): their dashboard,
 * the people, and one person's page, each only under the scopes in force (care.schemas.ts).
 */

export const ETHICAL_USE_STATEMENT =
  'I will use the data people share with me only to support them, within my professional ' +
  'duties, and never beyond what they consented to.';

const Iso = z.string();

export const MoodPointSchema = z.object({ date: Iso, mood: z.enum(MOODS) });
export type MoodPoint = z.infer<typeof MoodPointSchema>;

/** How many of a person's latest moods the professional's home shows (the person page: all). */
export const HOME_MOOD_TREND_LENGTH = 14;

export const CarePersonSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  relationshipId: z.string(),
  since: Iso,
  scopes: z.array(CareScopeSchema),
  /** The last HOME_MOOD_TREND_LENGTH moods (oldest first) when mood is shared, else null. */
  moodTrend: z.array(MoodPointSchema).nullable(),
  /** The last shared activity seen by this professional (entry or note date), if any. */
  lastActivityAt: Iso.nullable(),
});
export type CarePersonSummary = z.infer<typeof CarePersonSummarySchema>;

/** GET /api/care/people/:userId: who the person is and which scopes are in force now. */
export const CarePersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** For "Email <name>" (the professional already knows it from the invitation). */
  email: z.string(),
  relationshipId: z.string(),
  since: Iso,
  scopes: z.array(CareScopeSchema),
  notShared: z.array(CareScopeSchema),
});
export type CarePerson = z.infer<typeof CarePersonSchema>;

/**
 * GET /api/care/people/:userId/profile: the person's profile fields this professional may see
 * (SPEC §6, the profile module's rules), as display text, and the labels of the person's private
 * fields they do not see (shown only while 'Share Insights with Clients' is on).
 */
export const CarePersonProfileSchema = z.object({
  fields: z.array(z.object({ id: z.string(), label: z.string(), value: z.string() })),
  privateFields: z.array(z.string()),
  avatarUrl: z.string().nullable(),
});
export type CarePersonProfile = z.infer<typeof CarePersonProfileSchema>;

/**
 * GET /api/care/people/:userId/insights: the person's insight cards, only while the mood and
 * insights scope is in force and 'Share Insights with Clients' is on (else 404).
 */
export const CarePersonInsightsSchema = z.object({
  /** False: the person turned analysis off; `cards` is empty. */
  analysisEnabled: z.boolean(),
  cards: z.array(InsightCardSchema),
});
export type CarePersonInsights = z.infer<typeof CarePersonInsightsSchema>;

export const CareDashboardSchema = z.object({
  activeClients: z.number(),
  pendingRequests: z.number(),
  openAlerts: z.number(),
  ethicalUseConfirmed: z.boolean(),
});
export type CareDashboard = z.infer<typeof CareDashboardSchema>;

export const SharedEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  mood: z.enum(MOODS),
  privacyLevel: z.enum(PRIVACY_LEVELS),
  createdAt: Iso,
});
export type SharedEntry = z.infer<typeof SharedEntrySchema>;

export const SharedTranscriptSchema = z.object({
  id: z.string(),
  title: z.string(),
  transcript: z.string(),
  createdAt: Iso,
});
export type SharedTranscript = z.infer<typeof SharedTranscriptSchema>;
