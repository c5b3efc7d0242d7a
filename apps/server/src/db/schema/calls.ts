import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CallEndReason, CallStatus, CallType } from '@kaleido/shared/calls/calls.schemas';
import { users } from './auth';

/**
 * One-to-one calls (issue #12): who called whom, the type, where the call is (ringing, active,
 * then completed, missed or declined), its times, and who ended it. The history belongs to both
 * people: a participant whose data or account is deleted becomes null (shown as 'Deleted user')
 * and the row goes only when neither is left. `last_seen_at`: the last signal or keepalive of a
 * live call, so a call both browsers left is closed instead of keeping both people busy.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey(),
    callerId: uuid('caller_id').references(() => users.id, { onDelete: 'set null' }),
    calleeId: uuid('callee_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<CallType>().notNull(),
    status: text('status').$type<CallStatus>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    endReason: text('end_reason').$type<CallEndReason>(),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('calls_caller_idx').on(t.callerId, t.startedAt),
    index('calls_callee_idx').on(t.calleeId, t.startedAt),
  ],
);
