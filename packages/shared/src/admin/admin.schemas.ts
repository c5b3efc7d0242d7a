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
  'admin.relationship_proposed',
  'admin.relationship_ended',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

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

/** k-anonymity: no released cell or quasi-identifier group describes fewer people than this. */
export const RESEARCH_K = 5;
/** The research date filter (SPEC §9): last 7, 30 (default) or 90 days, or custom dates. */
export const RESEARCH_RANGES = ['7d', '30d', '90d', 'custom'] as const;
export type ResearchRange = (typeof RESEARCH_RANGES)[number];
export const RESEARCH_MAX_DAYS = 366;
export const RESEARCH_EXPORT_OFF_MESSAGE =
  'Research export is available when the compliance mode is research.';
export const DATASET_TAG_MISSING_MESSAGE =
  'Give the dataset a tag (or set Dataset Tag in your admin profile) before exporting.';

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

/** One released cell: how many items and how many distinct people (always ≥ k). */
export interface ResearchCell {
  value: string;
  items: number;
  people: number;
}
export interface ResearchActivityCell {
  week: string;
  source: string;
  items: number;
  people: number;
}

export interface ResearchAggregates {
  range: { from: string; to: string };
  cohort: (typeof COHORT_FILTERS)[number];
  k: number;
  /** Consenting people with data in the range; null when fewer than k (nothing is released). */
  people: number | null;
  mood: ResearchCell[];
  emotion: ResearchCell[];
  activity: ResearchActivityCell[];
  /** Cells left out because they describe fewer than k people. */
  suppressedCells: number;
  exportEnabled: boolean;
}

/** One released record: a pseudonym per dataset and coarse, categorical values only. */
export interface ResearchRecord {
  pid: string;
  week: string;
  source: string;
  mood: string | null;
  emotion: string | null;
}

export interface ResearchExport {
  dataset: {
    tag: string;
    generatedOn: string;
    from: string;
    to: string;
    cohort: (typeof COHORT_FILTERS)[number];
    k: number;
    quasiIdentifiers: string[];
  };
  people: number | null;
  aggregates: Pick<ResearchAggregates, 'mood' | 'emotion' | 'activity'>;
  records: ResearchRecord[];
  suppressed: { cells: number; records: number };
}
