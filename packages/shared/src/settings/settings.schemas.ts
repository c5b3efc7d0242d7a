import { z } from 'zod';
import { describeInput } from '../http/safe-input';
import type { Role } from '../roles/roles';
import { profileValueSchema } from '../profile/profile.schemas';

/**
 * The settings sections (SPEC §3 user_settings) with the spec's defaults (SPEC §9).
 * `profile_settings` (timezone, pronouns, avatar_url) is a view of the profile: changing it
 * changes the profile field, under the profile's rules (docs/decisions/006).
 */
export const DATA_RETENTION_MIN_DAYS = 1;
export const DATA_RETENTION_MAX_DAYS = 3650;
export const DATA_RETENTION_MESSAGE = `Data retention must be a whole number of days between ${DATA_RETENTION_MIN_DAYS} and ${DATA_RETENTION_MAX_DAYS}`;
export const PROFESSIONAL_CREDENTIALS_MAX = 500;

const bool = (label: string) => z.boolean({ error: `${label} must be on or off` });
const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

export const THEMES = ['light', 'dark'] as const;
export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export const VISUAL_SOFTNESS = ['sharp', 'normal', 'soft'] as const;
export const REPORT_FORMATS = ['brief', 'standard', 'detailed'] as const;
export const COMPLIANCE_MODES = ['standard', 'gdpr', 'hipaa', 'research'] as const;
/** SPEC §9 alert options, saved per professional and used by care alerts. */
export const SPIKE_SENSITIVITIES = ['low', 'medium', 'high'] as const;
export const RISK_THRESHOLDS = ['conservative', 'standard', 'aggressive'] as const;
/**
 * What a new journal entry's privacy starts as (issue 14: "per entry, and a default"): the
 * spec's `private` unless the person chooses that new entries are shared with their clients.
 */
export const NEW_ENTRY_PRIVACY_LEVELS = ['private', 'shared_with_clients'] as const;
export type NewEntryPrivacy = (typeof NEW_ENTRY_PRIVACY_LEVELS)[number];
export type SpikeSensitivity = (typeof SPIKE_SENSITIVITIES)[number];
export type RiskThreshold = (typeof RISK_THRESHOLDS)[number];

export const ProfileSettingsSchema = z.strictObject({
  timezone: z.string(),
  pronouns: z.string(),
  avatar_url: z.string(),
});

export const NotificationSettingsSchema = z.strictObject({
  journal_reminders: bool('Journal reminders'),
  reflection_nudges: bool('Reflection nudges'),
  email_notifications: bool('Email notifications'),
});

export const PrivacySettingsSchema = z.strictObject({
  insights_visible_to_clients: bool('Share Insights with Clients'),
  data_sharing: bool('Research data sharing'),
  new_entry_privacy: oneOf(NEW_ENTRY_PRIVACY_LEVELS, 'New entry privacy'),
});

export const ThemeSettingsSchema = z.strictObject({
  theme: oneOf(THEMES, 'Theme'),
  font_size: oneOf(FONT_SIZES, 'Font size'),
  visual_softness: oneOf(VISUAL_SOFTNESS, 'Visual softness'),
});

export const AlertPreferencesSchema = z.strictObject({
  risk_alerts: bool('Risk alerts'),
  session_reminders: bool('Session reminders'),
  /** How large a drop or spike must be to count (SPEC §9: emotional spike sensitivity). */
  spike_sensitivity: oneOf(SPIKE_SENSITIVITIES, 'Emotional spike sensitivity'),
  /** How much evidence an alert needs (SPEC §9: risk flag threshold). */
  risk_threshold: oneOf(RISK_THRESHOLDS, 'Risk flag threshold'),
});

export const ProfessionalSettingsSchema = z.strictObject({
  credentials: z
    .string({ error: 'Credentials must be text' })
    .trim()
    .max(
      PROFESSIONAL_CREDENTIALS_MAX,
      `Credentials must be at most ${PROFESSIONAL_CREDENTIALS_MAX} characters`,
    ),
  report_format: oneOf(REPORT_FORMATS, 'Report format'),
  alert_preferences: AlertPreferencesSchema,
  /** The Professional tab's ethical-use confirmation. */
  ethical_use_confirmed: bool('Ethical-use confirmation'),
});

export const SystemSettingsSchema = z.strictObject({
  audit_logs: bool('Audit logs'),
  data_retention_days: z
    .number({ error: DATA_RETENTION_MESSAGE })
    .int(DATA_RETENTION_MESSAGE)
    .min(DATA_RETENTION_MIN_DAYS, DATA_RETENTION_MESSAGE)
    .max(DATA_RETENTION_MAX_DAYS, DATA_RETENTION_MESSAGE),
  compliance_mode: oneOf(COMPLIANCE_MODES, 'Compliance mode'),
});

export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
export type PrivacySettings = z.infer<typeof PrivacySettingsSchema>;
export type ThemeSettings = z.infer<typeof ThemeSettingsSchema>;
export type ProfessionalSettings = z.infer<typeof ProfessionalSettingsSchema>;
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;
export type ProfileSettings = z.infer<typeof ProfileSettingsSchema>;

/** Sections stored in user_settings, one jsonb column each. */
export const STORED_SETTINGS_SECTIONS = [
  'notification_settings',
  'privacy_settings',
  'theme_settings',
  'professional_settings',
  'system_settings',
] as const;
export type StoredSettingsSection = (typeof STORED_SETTINGS_SECTIONS)[number];

export const SETTINGS_SECTIONS = ['profile_settings', ...STORED_SETTINGS_SECTIONS] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
export const SettingsSectionSchema = z.enum(SETTINGS_SECTIONS, {
  error: (issue) => `Unknown settings section: ${describeInput(issue.input)}`,
});

export interface StoredSettings {
  notification_settings: NotificationSettings;
  privacy_settings: PrivacySettings;
  theme_settings: ThemeSettings;
  professional_settings: ProfessionalSettings;
  system_settings: SystemSettings;
}
export type Settings = StoredSettings & { profile_settings: ProfileSettings };

/** SPEC §9 defaults. */
export const DEFAULT_SETTINGS: StoredSettings = {
  notification_settings: {
    journal_reminders: true,
    reflection_nudges: true,
    email_notifications: true,
  },
  privacy_settings: {
    insights_visible_to_clients: false,
    data_sharing: false,
    new_entry_privacy: 'private',
  },
  theme_settings: { theme: 'light', font_size: 'medium', visual_softness: 'normal' },
  professional_settings: {
    credentials: '',
    report_format: 'standard',
    alert_preferences: {
      risk_alerts: true,
      session_reminders: true,
      spike_sensitivity: 'medium',
      risk_threshold: 'standard',
    },
    ethical_use_confirmed: false,
  },
  system_settings: { audit_logs: true, data_retention_days: 365, compliance_mode: 'standard' },
};

/**
 * What a PATCH of each section accepts: any subset of its keys (the spec sends one changed field
 * at a time), merged into the stored section; alert_preferences merges one level deeper.
 */
export const SETTINGS_PATCH_SCHEMAS = {
  profile_settings: z
    .strictObject({
      timezone: profileValueSchema('timezone'),
      pronouns: profileValueSchema('pronouns'),
      avatar_url: profileValueSchema('avatar_url'),
    })
    .partial(),
  notification_settings: NotificationSettingsSchema.partial(),
  privacy_settings: PrivacySettingsSchema.partial(),
  theme_settings: ThemeSettingsSchema.partial(),
  professional_settings: ProfessionalSettingsSchema.extend({
    alert_preferences: AlertPreferencesSchema.partial(),
  }).partial(),
  system_settings: SystemSettingsSchema.partial(),
} satisfies Record<SettingsSection, z.ZodType>;

export interface SettingsViewer {
  role: Role;
  selectedInterface: Role | null;
}

/**
 * Tabs (SPEC §2, §6): everyone has Profile, Notifications, Privacy and Appearance; Professional is
 * for clients and for admins in the admin interface; System only for admins in the admin interface.
 */
export function settingsSectionsFor(viewer: SettingsViewer): SettingsSection[] {
  const adminMode = viewer.role === 'admin' && viewer.selectedInterface === 'admin';
  const sections: SettingsSection[] = [
    'profile_settings',
    'notification_settings',
    'privacy_settings',
    'theme_settings',
  ];
  if (viewer.role === 'client' || adminMode) sections.push('professional_settings');
  if (adminMode) sections.push('system_settings');
  return sections;
}

/** GET /api/settings and every PATCH answer: all sections, and the tabs this viewer has. */
export type SettingsResponse = Settings & { sections: SettingsSection[] };
