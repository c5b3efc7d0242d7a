import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The spec's user_profile: one row per user, a column per field of the three categories
 * (SPEC §3; definitions in packages/shared/src/profile/profile-fields.ts). Created with the
 * defaults on first load.
 */
export const userProfile = pgTable('user_profile', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // user category
  displayName: text('display_name').notNull().default(''),
  pronouns: text('pronouns').notNull().default(''),
  timezone: text('timezone').notNull().default('UTC'),
  languagePref: text('language_pref').notNull().default('en'),
  emoTonePreference: text('emo_tone_preference').notNull().default(''),
  reflectionGoal: jsonb('reflection_goal').$type<string[]>().notNull().default([]),
  personalStatement: text('personal_statement').notNull().default(''),
  journalFrequency: text('journal_frequency').notNull().default('weekly'),
  avatarUrl: text('avatar_url').notNull().default(''),
  // client category
  proTitle: text('pro_title').notNull().default(''),
  roleType: text('role_type').notNull().default(''),
  organization: text('organization').notNull().default(''),
  credential: text('credential').notNull().default(''),
  focusAreas: jsonb('focus_areas').$type<string[]>().notNull().default([]),
  languagesSpoken: jsonb('languages_spoken').$type<string[]>().notNull().default([]),
  availabilityHours: jsonb('availability_hours').$type<Record<string, unknown> | null>(),
  ethicalStatement: text('ethical_statement').notNull().default(''),
  // admin category
  adminRoleType: text('admin_role_type').notNull().default(''),
  jurisdiction: text('jurisdiction').notNull().default(''),
  researchConsent: boolean('research_consent').notNull().default(false),
  datasetTag: text('dataset_tag').notNull().default(''),
  adminNotes: text('admin_notes').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
