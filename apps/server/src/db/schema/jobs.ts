import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/**
 * Background work of every kind (transcription, reminders, analysis, retention): one row per
 * run, in the database so it survives restarts and fires once however many instances run
 * (src/jobs/, docs/decisions/015-one-job-queue.md).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Not before this time: scheduled work is a job too. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** queued → running → done | failed (after the last attempt) | cancelled. */
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    lastError: text('last_error'),
    /** The worker holding the job; its writes count only while it still holds it. */
    lockedBy: text('locked_by'),
    /** Extended by the worker's heartbeat; once passed, the worker is taken for dead. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** At most one queued job per key ("one pending reminder per person"). */
    key: text('key'),
    /**
     * The person the work is for (the payload's `userId`): their pending work goes with their
     * data, and the row with their account.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_status_run_at_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_queued_key_idx')
      .on(t.key)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_key_created_at_idx').on(t.key, t.createdAt),
    index('jobs_user_id_idx').on(t.userId),
  ],
);
