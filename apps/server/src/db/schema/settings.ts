import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  NotificationSettings,
  PrivacySettings,
  ProfessionalSettings,
  SystemSettings,
  ThemeSettings,
} from '@kaleido/shared/settings/settings.schemas';
import { users } from './auth';

/**
 * The spec's user_settings: user_id plus one object per section (SPEC §3). Defaults (SPEC §9) are
 * written by the service on first load; a section read is merged over the defaults so a key
 * added later has its default. profile_settings is a view of user_profile, not stored here.
 */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  notificationSettings: jsonb('notification_settings').$type<NotificationSettings>().notNull(),
  privacySettings: jsonb('privacy_settings').$type<PrivacySettings>().notNull(),
  themeSettings: jsonb('theme_settings').$type<ThemeSettings>().notNull(),
  professionalSettings: jsonb('professional_settings').$type<ProfessionalSettings>().notNull(),
  systemSettings: jsonb('system_settings').$type<SystemSettings>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
