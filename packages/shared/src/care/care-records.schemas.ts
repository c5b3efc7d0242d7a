import { z } from 'zod';
import { CareScopeSchema } from './care.schemas';

/**
 * The person's records of care (decision 040): the access log (every read of their data by a
 * professional) and the consent history (every change of a relationship or consent), read a
 * page at a time, newest first, by professional and period.
 */

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

const Iso = z.string();

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
  .refine(oneProfessional, { error: CARE_LOG_MESSAGES.oneProfessional, path: ['professionalId'] })
  .refine(fromBeforeTo, { error: CARE_LOG_MESSAGES.fromBeforeTo, path: ['to'] });
export type AccessLogQuery = z.infer<typeof AccessLogQuerySchema>;

export const ConsentHistoryQuerySchema = z
  .strictObject(careLogFilters)
  .refine(oneProfessional, { error: CARE_LOG_MESSAGES.oneProfessional, path: ['professionalId'] })
  .refine(fromBeforeTo, { error: CARE_LOG_MESSAGES.fromBeforeTo, path: ['to'] });
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
