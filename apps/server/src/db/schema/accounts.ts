import {
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@kaleido/shared/roles/roles';
import { users } from './auth';

/** The spec's account-side entities (SPEC §3), keeping their names and fields. */
export const roleEnum = pgEnum('app_role', ROLES);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  /** An admin's effective interface; null until a first-time admin chooses. */
  selectedInterface: roleEnum('selected_interface'),
  /**
   * Whether people who share nothing with this person may find them by name in the pickers
   * (docs/decisions/045-who-can-find-whom.md). Off until the person turns it on.
   */
  findable: boolean('findable').notNull().default(false),
  /**
   * The password was set by an administrator ("temporary password"): the person chooses their
   * own before anything else, and changing or resetting it clears this.
   */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Security events and consents, as the spec's record: consent_type 'security_event', granted. */
export const consentLogs = pgTable(
  'consent_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentType: text('consent_type').notNull(),
    granted: boolean('granted').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_logs_user_id_created_at_idx').on(t.userId, t.createdAt)],
);
