import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  CallEndReason,
  CallStatus,
  CallType,
  TranscriptState,
} from '@kaleido/shared/calls/calls.schemas';
import { users } from './auth';
import { files } from './files';

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
    /** The transcript's consent: off, requested (by `transcript_requested_by`), recording. */
    transcriptState: text('transcript_state').$type<TranscriptState>().notNull().default('off'),
    transcriptRequestedBy: uuid('transcript_requested_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** When recording last stopped: pieces recorded before it may still arrive for a while. */
    transcriptStoppedAt: timestamp('transcript_stopped_at', { withTimezone: true }),
  },
  (t) => [
    index('calls_caller_idx').on(t.callerId, t.startedAt),
    index('calls_callee_idx').on(t.calleeId, t.startedAt),
  ],
);

/**
 * A call's transcript (issue #12 item 4): each person's browser records its own microphone in
 * pieces, each a line here, transcribed by the speech queue. A line belongs to its speaker: they
 * alone edit it, export it with their data and lose it with 'Delete All Data'; both people in the
 * call read it. `spoken_at` is the server's clock (arrival less duration), so both sides order.
 */
export const callTranscriptLines = pgTable(
  'call_transcript_lines',
  {
    id: uuid('id').primaryKey(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The recorded piece until it is transcribed (then removed). */
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    spokenAt: timestamp('spoken_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    text: text('text'),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    edited: boolean('edited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('call_transcript_lines_call_idx').on(t.callId, t.spokenAt),
    index('call_transcript_lines_owner_idx').on(t.ownerId),
  ],
);
