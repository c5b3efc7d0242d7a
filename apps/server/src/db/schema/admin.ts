import { doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The append-only audit log of administrators' actions (and, later, professional access).
 * No route updates or deletes a row. When an account named here is deleted the row stays and
 * the link goes (on delete set null): the action is still on record, the person no longer
 * (docs/decisions/022-audit-log.md). Details never hold names, emails or content.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_target_user_id_idx').on(t.targetUserId),
    index('audit_log_actor_id_idx').on(t.actorId),
  ],
);

/**
 * The instance's settings, one row per key (audit_logs, data_retention_days, compliance_mode and
 * the feature toggles): the spec's system_settings belong to the instance, not to an admin.
 */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What an administrator sets on an account: disabled (signed out, refused) and its cohort. */
export const accountFlags = pgTable('account_flags', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** beta or research; null is no cohort ("all" in the filter). */
  cohort: text('cohort'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The research privacy ledger (decision 042): one row per fresh release of research aggregates,
 * with the whole weeks it covers and the ε it spent, so no week of data is released beyond its
 * budget. The noisy result is kept so that the same query in the same calendar week is served
 * again at no cost, whatever changed in the data meanwhile. No person's data: noisy counts only.
 */
export const researchReleases = pgTable(
  'research_releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    cohort: text('cohort').notNull(),
    /** Monday (UTC) of the first week covered, YYYY-MM-DD. */
    fromWeek: text('from_week').notNull(),
    /** Monday after the last week covered (exclusive). */
    toWeek: text('to_week').notNull(),
    epsilon: doublePrecision('epsilon').notNull(),
    /** The noisy release; null while it is being computed (the row already holds its budget). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('research_releases_weeks_idx').on(t.fromWeek, t.toWeek)],
);
