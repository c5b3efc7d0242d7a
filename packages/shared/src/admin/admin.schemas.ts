import { z } from 'zod';
import { ROLES } from '../roles/roles';
import { SystemSettingsSchema } from '../settings/settings.schemas';
import { EmailSchema, FullNameSchema, NewPasswordSchema } from '../auth/auth.schemas';

/** Where an audit row comes from: the security log, an administrator, a professional's access. */
export const AUDIT_SOURCES = ['security', 'admin', 'professional'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

/** What administrators do, as written to audit_log.action. */
export const ADMIN_ACTIONS = [
  'admin.role_changed',
  'admin.account_disabled',
  'admin.account_enabled',
  'admin.signed_out',
  'admin.verification_resent',
  'admin.account_deleted',
  'admin.account_created',
  'admin.cohort_changed',
  'admin.settings_changed',
  'admin.retention_run',
  'admin.audit_exported',
  'admin.research_exported',
  'admin.research_queried',
  'admin.research_refused',
  'admin.relationship_proposed',
  'admin.relationship_ended',
  'admin.outbox_read',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/**
 * What a mail was, without what it said: the console's outbox shows these, never the subject,
 * the text or a link (they hold people's words and sign-in tokens; issue 24 item 3).
 */
export const MAIL_KINDS = [
  'verification',
  'account-exists',
  'password-reset',
  'password-changed',
  'notification',
  'other',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** One row of GET /api/admin/outbox: that a mail went out, to whom and when. */
export interface OutboxEntry {
  id: string;
  to: string;
  kind: MailKind;
  createdAt: string;
}

export interface OutboxPage {
  /** `smtp`: mail leaves through SMTP_URL and the local outbox is empty or from before. */
  mode: 'smtp' | 'outbox';
  messages: OutboxEntry[];
}

export const ADMIN_PAGE_SIZE_MAX = 200;
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(50);
const optionalText = z.string().trim().max(200).optional();

export const AuditListQuerySchema = z.object({
  q: optionalText,
  source: z.enum(AUDIT_SOURCES).optional(),
  action: z.string().trim().max(100).optional(),
  userId: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page,
  pageSize,
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

export interface AuditEntry {
  id: string;
  source: AuditSource;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  targetUserId: string | null;
  targetEmail: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** Cohorts (SPEC §9): all is the filter's "any"; an account is in at most one. */
export const COHORTS = ['beta', 'research'] as const;
export type Cohort = (typeof COHORTS)[number];
export const COHORT_FILTERS = ['all', ...COHORTS] as const;

export const UserListQuerySchema = z.object({
  q: optionalText,
  role: z.enum(ROLES).optional(),
  verified: z.enum(['true', 'false']).optional(),
  disabled: z.enum(['true', 'false']).optional(),
  cohort: z.enum(COHORT_FILTERS).optional(),
  page,
  pageSize,
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  role: (typeof ROLES)[number];
  emailVerified: boolean;
  disabled: boolean;
  cohort: Cohort | null;
  createdAt: string;
}

export interface AdminUserPage {
  users: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
}

export const ChangeRoleBodySchema = z.strictObject({ role: z.enum(ROLES) });
export const CohortBodySchema = z.strictObject({ cohort: z.enum(COHORTS).nullable() });
export const CreateAccountBodySchema = z.strictObject({
  email: EmailSchema,
  fullName: FullNameSchema,
  password: NewPasswordSchema,
  role: z.enum(ROLES).default('user'),
});
export type CreateAccountBody = z.infer<typeof CreateAccountBodySchema>;

/** A person's admin view: account facts, role, sessions, security events; never content. */
export interface AdminUserDetail {
  user: AdminUserRow;
  sessions: {
    id: string;
    createdAt: string;
    lastActiveAt: string;
    ipAddress: string | null;
    userAgent: string | null;
  }[];
  securityEvents: { id: string; createdAt: string; event?: unknown }[];
}

export {
  DEFAULT_FEATURE_TOGGLES,
  FEATURE_TOGGLES,
  type FeatureToggle,
  type FeatureToggles,
} from './admin.constants';
export const FeatureTogglesPatchSchema = z.strictObject({
  audio_input: z.boolean().optional(),
  video_input: z.boolean().optional(),
  realtime_analysis: z.boolean().optional(),
  advanced_analytics: z.boolean().optional(),
  open_directory: z.boolean().optional(),
});

/** The message an upload gets while the instance has audio input off. */
export const AUDIO_INPUT_OFF_MESSAGE = 'Audio input is turned off on this instance.';
export const ADVANCED_ANALYTICS_OFF_MESSAGE = 'Advanced analytics is turned off on this instance.';
export const DISABLED_ACCOUNT_MESSAGE =
  'This account has been disabled. Contact your administrator.';
export const LAST_ADMIN_MESSAGE = 'The last administrator cannot be removed.';

export const InstanceSettingsPatchSchema = z.strictObject({
  system: SystemSettingsSchema.partial().optional(),
  features: FeatureTogglesPatchSchema.optional(),
});
export type InstanceSettingsPatch = z.infer<typeof InstanceSettingsPatchSchema>;

/** Relationships in the console: every professional ↔ person pair, with its status. */
export const AdminRelationshipsQuerySchema = z.object({
  q: optionalText,
  status: z.enum(['pending', 'active', 'declined', 'ended']).optional(),
  page,
  pageSize,
});
export type AdminRelationshipsQuery = z.infer<typeof AdminRelationshipsQuerySchema>;

export interface AdminRelationship {
  id: string;
  status: 'pending' | 'active' | 'declined' | 'ended';
  initiatedBy: 'professional' | 'person';
  professional: { id: string; name: string; email: string };
  person: { id: string; name: string; email: string };
  createdAt: string;
  respondedAt: string | null;
  endedAt: string | null;
}

export interface AdminRelationshipPage {
  relationships: AdminRelationship[];
  total: number;
  page: number;
  pageSize: number;
}

/** An administrator proposes a relationship; the person still accepts it. */
export const ProposeRelationshipBodySchema = z.strictObject({
  professionalEmail: EmailSchema,
  personEmail: EmailSchema,
});
export type ProposeRelationshipBody = z.infer<typeof ProposeRelationshipBodySchema>;

/**
 * Research releases are differentially private (decision 042-research-differential-privacy):
 * every released number carries two-sided geometric noise calibrated to what one person can
 * change in a release, and every week of data has a privacy budget that releases spend.
 */
/** A released cell or total must read at least this many people after noise (post-processing). */
export const RESEARCH_K = 5;
/** ε of one fresh release (aggregates or export; the export reuses the aggregates' release). */
export const RESEARCH_EPSILON = 1;
/** The total ε any one week of data can ever be released with. */
export const RESEARCH_WEEK_BUDGET = 4;
/** (week, source) activity cells one person counts in at most (their busiest). */
export const RESEARCH_ACTIVITY_CELLS = 3;
/**
 * What one person can change in a release (L1): 1 on the total, 1 mood cell (their dominant
 * mood), 1 emotion cell (their dominant emotion), up to RESEARCH_ACTIVITY_CELLS activity cells.
 */
export const RESEARCH_SENSITIVITY = 3 + RESEARCH_ACTIVITY_CELLS;
export const RESEARCH_NOISE = 'two-sided geometric';
/** The research date filter (SPEC §9), in whole completed weeks: last 1, 4 (default) or 13 weeks, or custom dates. */
export const RESEARCH_RANGES = ['7d', '30d', '90d', 'custom'] as const;
export type ResearchRange = (typeof RESEARCH_RANGES)[number];
export const RESEARCH_RANGE_WEEKS = { '7d': 1, '30d': 4, '90d': 13 } as const;
export const RESEARCH_MAX_DAYS = 366;
export const RESEARCH_EXPORT_OFF_MESSAGE =
  'Research export is available when the compliance mode is research.';
export const DATASET_TAG_MISSING_MESSAGE =
  'Give the dataset a tag (or set Dataset Tag in your admin profile) before exporting.';
export const RESEARCH_NO_WEEK_MESSAGE =
  'Research covers whole weeks (Monday to Sunday, UTC) that have ended: choose dates that include at least one completed week.';
/** The refusal when a week's privacy budget would be overspent; names the weeks. */
export const researchBudgetSpentMessage = (weeks: string[]) =>
  `Refused to protect privacy: the week${weeks.length > 1 ? 's' : ''} of ${weeks.join(', ')} ${
    weeks.length > 1 ? 'have' : 'has'
  } already been released ${RESEARCH_WEEK_BUDGET / RESEARCH_EPSILON} times (privacy budget ε ${RESEARCH_WEEK_BUDGET} spent). ` +
  'A new release would let answers be compared until one person stands out. Choose other weeks, or repeat an earlier query while its data is unchanged.';

const researchFields = {
  range: z.enum(RESEARCH_RANGES).default('30d'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  cohort: z.enum(COHORT_FILTERS).default('all'),
};
type ResearchFields = { range: ResearchRange; from?: string; to?: string };
const customDatesValid = (q: ResearchFields) =>
  q.range !== 'custom' ||
  (!!q.from &&
    !!q.to &&
    q.from <= q.to &&
    (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < RESEARCH_MAX_DAYS);
const customDatesMessage = {
  message: `A custom range needs a start and an end date, at most ${RESEARCH_MAX_DAYS} days apart`,
  path: ['from'],
};

export const ResearchQuerySchema = z
  .object(researchFields)
  .refine(customDatesValid, customDatesMessage);
export type ResearchQuery = z.infer<typeof ResearchQuerySchema>;

export const DatasetTagSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'Letters, digits, dot, dash and underscore; at most 64');

export const ResearchExportQuerySchema = z
  .object({
    ...researchFields,
    format: z.enum(['json', 'csv']).default('json'),
    datasetTag: DatasetTagSchema.optional(),
  })
  .refine(customDatesValid, customDatesMessage);
export type ResearchExportQuery = z.infer<typeof ResearchExportQuerySchema>;

/** One released cell: how many people (noisy, always ≥ k) have this as their dominant value. */
export interface ResearchCell {
  value: string;
  people: number;
}
/** How many people (noisy, ≥ k) were active in a week through a source. */
export interface ResearchActivityCell {
  week: string;
  source: string;
  people: number;
}

/** How a release was protected, and what is left of the budget of its weeks. */
export interface ResearchPrivacy {
  mechanism: typeof RESEARCH_NOISE;
  epsilon: number;
  sensitivity: number;
  weekBudget: number;
  /** True when an earlier release of the same weeks, cohort and unchanged data was served again (it costs nothing). */
  reused: boolean;
  /** ε spent so far on each week of the range, this release included. */
  spent: { week: string; epsilon: number }[];
}

export interface ResearchAggregates {
  /** Whole weeks: from a Monday (inclusive) to a Monday (exclusive), UTC. */
  range: { from: string; to: string };
  cohort: (typeof COHORT_FILTERS)[number];
  k: number;
  /** Consenting people with data in the range (noisy); null when below k. */
  people: number | null;
  mood: ResearchCell[];
  emotion: ResearchCell[];
  activity: ResearchActivityCell[];
  /** Cells whose noisy count is below k, and so not shown. */
  suppressedCells: number;
  exportEnabled: boolean;
  privacy: ResearchPrivacy;
}

export interface ResearchExport {
  dataset: {
    tag: string;
    generatedOn: string;
    /** First and last day of the whole weeks covered. */
    from: string;
    to: string;
    cohort: (typeof COHORT_FILTERS)[number];
    k: number;
    privacy: Omit<ResearchPrivacy, 'spent'>;
  };
  people: number | null;
  aggregates: Pick<ResearchAggregates, 'mood' | 'emotion' | 'activity'>;
  suppressed: { cells: number };
}
