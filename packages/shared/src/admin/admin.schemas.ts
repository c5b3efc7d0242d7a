import { z } from 'zod';
import { ROLES } from '../roles/roles';
import { FEATURE_OFF_MESSAGES } from './admin.constants';
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
  FEATURE_OFF_MESSAGES,
  FEATURE_TOGGLES,
  type FeatureToggle,
  type FeatureToggles,
  type RequiredFeature,
} from './admin.constants';
export const FeatureTogglesPatchSchema = z.strictObject({
  audio_input: z.boolean().optional(),
  video_input: z.boolean().optional(),
  realtime_analysis: z.boolean().optional(),
  advanced_analytics: z.boolean().optional(),
  open_directory: z.boolean().optional(),
});

/** The message an upload gets while the instance has audio input off. */
export const AUDIO_INPUT_OFF_MESSAGE = FEATURE_OFF_MESSAGES.audio_input;
/** The message a video call gets while the instance has video input off. */
export const VIDEO_INPUT_OFF_MESSAGE = FEATURE_OFF_MESSAGES.video_input;
export const ADVANCED_ANALYTICS_OFF_MESSAGE = FEATURE_OFF_MESSAGES.advanced_analytics;
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
