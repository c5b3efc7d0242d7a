import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MailKind } from '@kaleido/shared/admin/admin.schemas';

/**
 * Mail kept locally when no SMTP server is configured (development and tests): shown in full at
 * /dev/mailbox to this machine only; the admin console sees `to`, `kind` and the time.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** What the mail was (verification, reset, notification…), for the console's outbox. */
    kind: text('kind').$type<MailKind>().notNull().default('other'),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_emails_created_at_idx').on(t.createdAt)],
);

/** Fixed-window counters shared by every server instance on one database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/** Realtime events too large for a NOTIFY payload, read by every instance, then swept. */
export const realtimeSpill = pgTable('realtime_spill', {
  id: uuid('id').primaryKey(),
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
