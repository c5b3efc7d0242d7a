import { z } from 'zod';
import { EMOTIONS } from '../insights/insights.constants';
import { InsightCardSchema } from '../insights/insight-cards.schemas';
import { MOODS, PRIVACY_LEVELS } from '../journal/journal.constants';
import { REPORT_FORMATS } from '../settings/settings.schemas';

/**
 * Working relationships between a professional (a client account, or an admin in the client
 * interface) and a person, and the consent the person gives per type of data (SPEC §1 client
 * interface, §3 privacy; docs/decisions/023-consent-as-data.md).
 */

/** What a person may share, one scope at a time; nothing else is ever shown to a professional. */
export const CARE_SCOPES = [
  'mood_and_insights',
  'shared_journal_entries',
  'voice_note_transcripts',
] as const;
export type CareScope = (typeof CARE_SCOPES)[number];
export const CareScopeSchema = z.enum(CARE_SCOPES);

export const CARE_SCOPE_LABELS: Record<CareScope, string> = {
  mood_and_insights: 'Mood and insight summaries',
  shared_journal_entries: 'Journal entries marked "Shared with clients"',
  voice_note_transcripts: 'Voice note transcripts',
};

/** How the access log words each kind of read ("Carol viewed your mood trend, 3 entries"). */
export const CARE_ACCESS_WHAT = [
  'mood_trend',
  'shared_entries',
  'transcripts',
  'alert',
  'report',
  'profile',
  'insights',
  'person',
  'alert_list',
] as const;
export type CareAccessWhat = (typeof CARE_ACCESS_WHAT)[number];
export const CARE_ACCESS_LABELS: Record<CareAccessWhat, string> = {
  mood_trend: 'your mood trend',
  shared_entries: 'your shared journal entries',
  transcripts: 'your voice note transcripts',
  alert: 'an alert drawn from your shared data',
  report: 'a report of your shared data',
  profile: 'your profile',
  insights: 'your insights',
  person: 'your name, email and what you share with them',
  alert_list: 'the alerts drawn from your shared data',
};

export const RELATIONSHIP_STATUSES = ['pending', 'active', 'declined', 'ended'] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

export const ETHICAL_USE_STATEMENT =
  'I will use the data people share with me only to support them, within my professional ' +
  'duties, and never beyond what they consented to.';

export const CARE_MESSAGES = {
  ethicalUseRequired: 'Please confirm the ethical-use statement before viewing shared data.',
  noAccount: 'No Kaleido account uses that email address.',
  notProfessional: 'That account is not a professional account.',
  self: 'You cannot invite yourself.',
  alreadyLinked: 'You already have a relationship or a pending invitation with this person.',
  notProfessionalInterface: 'Only professionals can invite people.',
} as const;

const Iso = z.string();

export const ConsentSchema = z.object({
  scope: CareScopeSchema,
  grantedAt: Iso,
  /** null: until the person revokes it. */
  expiresAt: Iso.nullable(),
  /** Granted, not revoked, not expired, and the master switch is on. */
  active: z.boolean(),
});
export type Consent = z.infer<typeof ConsentSchema>;

export const RelationshipSchema = z.object({
  id: z.string(),
  /** The caller's side of it. */
  role: z.enum(['professional', 'person']),
  status: z.enum(RELATIONSHIP_STATUSES),
  initiatedBy: z.enum(['professional', 'person']),
  /** True when the caller is the side that must accept or decline. */
  awaitingMe: z.boolean(),
  other: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  consents: z.array(ConsentSchema),
  createdAt: Iso,
  respondedAt: Iso.nullable(),
  endedAt: Iso.nullable(),
});
export type Relationship = z.infer<typeof RelationshipSchema>;

export const RelationshipsResponseSchema = z.object({
  relationships: z.array(RelationshipSchema),
  /** The person's master switch ('Share Insights with Clients'): off, nothing is shared. */
  insightsVisibleToClients: z.boolean(),
});
export type RelationshipsResponse = z.infer<typeof RelationshipsResponseSchema>;

export const InviteBodySchema = z.strictObject({
  email: z.email({ error: 'Please enter a valid email address' }).max(254),
  /** The caller's side: a professional invites a person, a person invites a professional. */
  as: z.enum(['professional', 'person']),
});
export type InviteBody = z.infer<typeof InviteBodySchema>;

export const ConsentBodySchema = z.strictObject({
  granted: z.boolean(),
  /** ISO date-time; null or absent: no end date. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type ConsentBody = z.infer<typeof ConsentBodySchema>;

/**
 * A professional as the person's records name them: `id` is null once their account is deleted,
 * and `name` is the one they had when the row was written.
 */
export const LoggedProfessionalSchema = z.object({ id: z.string().nullable(), name: z.string() });
export type LoggedProfessional = z.infer<typeof LoggedProfessionalSchema>;

export const AccessLogEntrySchema = z.object({
  id: z.string(),
  professional: LoggedProfessionalSchema,
  what: z.enum(CARE_ACCESS_WHAT),
  itemCount: z.number(),
  /** The first read this row stands for. */
  at: Iso,
  /** Identical reads within one clock hour are one row: how many, and the last one's time. */
  readCount: z.number(),
  lastAt: Iso,
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

export const ConsentChangeSchema = z.object({
  id: z.string(),
  relationshipId: z.string(),
  professional: LoggedProfessionalSchema,
  scope: CareScopeSchema.nullable(),
  action: z.enum(['granted', 'changed', 'revoked', 'invited', 'accepted', 'declined', 'ended']),
  expiresAt: Iso.nullable(),
  at: Iso,
});
export type ConsentChange = z.infer<typeof ConsentChangeSchema>;

export const CARE_LOG_PAGE_SIZE_DEFAULT = 50;
export const CARE_LOG_PAGE_SIZE_MAX = 200;
export const CARE_LOG_MESSAGES = {
  oneProfessional: 'Choose one professional, or a former one, not both',
  fromBeforeTo: 'The start must be before the end',
  badCursor: 'That page no longer exists. Please reload the list.',
} as const;

/**
 * The filters both of the person's records take: who (a professional's account, or a former
 * professional by the name the records keep), when (`from` ≤ time < `to`), and where the page
 * starts (the `nextCursor` of the page before; newest first).
 */
const careLogFilters = {
  professionalId: z.uuid().optional(),
  formerProfessional: z.string().trim().min(1).max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.uuid().optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CARE_LOG_PAGE_SIZE_MAX)
    .default(CARE_LOG_PAGE_SIZE_DEFAULT),
};
type CareLogFilters = {
  professionalId?: string;
  formerProfessional?: string;
  from?: string;
  to?: string;
};
const oneProfessional = (q: CareLogFilters) => !(q.professionalId && q.formerProfessional);
const fromBeforeTo = (q: CareLogFilters) =>
  !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to);

export const AccessLogQuerySchema = z
  .strictObject({ ...careLogFilters, what: z.enum(CARE_ACCESS_WHAT).optional() })
  .refine(oneProfessional, { message: CARE_LOG_MESSAGES.oneProfessional, path: ['professionalId'] })
  .refine(fromBeforeTo, { message: CARE_LOG_MESSAGES.fromBeforeTo, path: ['to'] });
export type AccessLogQuery = z.infer<typeof AccessLogQuerySchema>;

export const ConsentHistoryQuerySchema = z
  .strictObject(careLogFilters)
  .refine(oneProfessional, { message: CARE_LOG_MESSAGES.oneProfessional, path: ['professionalId'] })
  .refine(fromBeforeTo, { message: CARE_LOG_MESSAGES.fromBeforeTo, path: ['to'] });
export type ConsentHistoryQuery = z.infer<typeof ConsentHistoryQuerySchema>;

/** GET /api/care/access-log: one page of reads, newest first, and who appears in the whole log. */
export const AccessLogResponseSchema = z.object({
  entries: z.array(AccessLogEntrySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Everyone in the person's access log (for the filter), whatever the filters. */
  professionals: z.array(LoggedProfessionalSchema),
});
export type AccessLogResponse = z.infer<typeof AccessLogResponseSchema>;

/** GET /api/care/consent-history: one page of changes, newest first, likewise. */
export const ConsentHistoryResponseSchema = z.object({
  changes: z.array(ConsentChangeSchema),
  nextCursor: z.string().nullable(),
  professionals: z.array(LoggedProfessionalSchema),
});
export type ConsentHistoryResponse = z.infer<typeof ConsentHistoryResponseSchema>;

export const MoodPointSchema = z.object({ date: Iso, mood: z.enum(MOODS) });
export type MoodPoint = z.infer<typeof MoodPointSchema>;

export const CarePersonSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  relationshipId: z.string(),
  since: Iso,
  scopes: z.array(CareScopeSchema),
  /** The last 14 moods (oldest first), when mood is shared; null when it is not. */
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

export const CareNoteSchema = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: Iso,
  updatedAt: Iso,
});
export type CareNote = z.infer<typeof CareNoteSchema>;

export const CARE_NOTE_MAX = 10_000;
export const CareNoteBodySchema = z.strictObject({
  content: z
    .string()
    .trim()
    .min(1, 'A note cannot be empty')
    .max(CARE_NOTE_MAX, `A note must be at most ${CARE_NOTE_MAX} characters`),
});

export const CareEventSchemas = {
  /**
   * A relationship or its consent changed (invited, answered, ended, a scope granted, changed or
   * revoked). Sent to both sides; an open professional view refetches and loses what is gone.
   * 'alert': an alert was raised or answered (sent to the professional only).
   */
  'care.changed': z.object({
    relationshipId: z.string(),
    personId: z.string(),
    professionalId: z.string(),
    change: z.enum(['invited', 'accepted', 'declined', 'ended', 'consent', 'alert']),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Alerts: a drop or a spike in what a person shares, for the professionals they share it with
// ---------------------------------------------------------------------------------------------

export const CARE_ALERT_KINDS = ['valence_drop', 'mood_drop', 'emotional_spike'] as const;
export type CareAlertKind = (typeof CARE_ALERT_KINDS)[number];
export const CARE_ALERT_LABELS: Record<CareAlertKind, string> = {
  valence_drop: 'Drop in emotional tone',
  mood_drop: 'Drop in mood',
  emotional_spike: 'Emotional spike',
};

export const CARE_ALERT_STATUSES = ['open', 'acknowledged', 'dismissed'] as const;
export type CareAlertStatus = (typeof CARE_ALERT_STATUSES)[number];

/** One shared item behind an alert: its values, never its text. */
export const CareAlertEvidenceSchema = z.object({
  occurredAt: Iso,
  source: z.enum(['journal', 'voice_note']),
  /** The title, only when the item itself is shared (a shared entry, a voice note). */
  title: z.string().nullable(),
  /** Emotional tone, −1 .. 1. */
  valence: z.number(),
  mood: z.enum(MOODS).nullable(),
  /** The strongest difficult emotion (sadness, anger, fear, disgust) and its share, 0..1. */
  emotion: z.enum(EMOTIONS).nullable(),
  emotionScore: z.number().nullable(),
});
export type CareAlertEvidence = z.infer<typeof CareAlertEvidenceSchema>;

/** The figures an alert compares: the last 7 days against the 28 before. */
export const CareAlertValuesSchema = z.object({
  recentMean: z.number(),
  recentCount: z.number(),
  baselineMean: z.number().nullable(),
  baselineCount: z.number(),
  /** recentMean − baselineMean (negative: a drop); for a spike, the spike's size. */
  change: z.number(),
});
export type CareAlertValues = z.infer<typeof CareAlertValuesSchema>;

export const CareAlertSchema = z.object({
  id: z.string(),
  person: z.object({ id: z.string(), name: z.string() }),
  kind: z.enum(CARE_ALERT_KINDS),
  status: z.enum(CARE_ALERT_STATUSES),
  /** One plain sentence: what changed, by how much, over how many items. */
  summary: z.string(),
  values: CareAlertValuesSchema,
  evidence: z.array(CareAlertEvidenceSchema),
  createdAt: Iso,
  answeredAt: Iso.nullable(),
});
export type CareAlert = z.infer<typeof CareAlertSchema>;

export const CareAlertsQuerySchema = z.strictObject({
  personId: z.uuid().optional(),
  /** open: open only (the default); current: open and acknowledged. */
  status: z.enum(['open', 'current']).optional(),
});

// ---------------------------------------------------------------------------------------------
// Reports: one person, one period, in the professional's report_format
// ---------------------------------------------------------------------------------------------

export const CareReportQuerySchema = z
  .strictObject({
    from: z.iso.date({ error: 'Please choose a start date' }),
    to: z.iso.date({ error: 'Please choose an end date' }),
    format: z.enum(REPORT_FORMATS).optional(),
  })
  .refine((q) => q.from <= q.to, {
    message: 'The start date must be before the end date',
    path: ['to'],
  });
export type CareReportQuery = z.infer<typeof CareReportQuerySchema>;
