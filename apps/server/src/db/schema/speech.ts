import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { files } from './files';

/**
 * Transcription work, kept in the database so it survives restarts and is shared by instances.
 * `target_kind`/`target_id` say what the text belongs to (a voice note, a chat message, ...).
 */
export const transcriptionJobs = pgTable(
  'transcription_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    /** queued → running → done | failed (after the last retry). */
    status: text('status')
      .$type<'queued' | 'running' | 'done' | 'failed'>()
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
    /** A running job whose lock passed was abandoned (crash): it is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transcription_jobs_status_next_run_at_idx').on(t.status, t.nextRunAt),
    index('transcription_jobs_target_idx').on(t.targetKind, t.targetId),
  ],
);

/** A recorded (or uploaded) voice note. The audio may be dropped after transcription by choice. */
export const voiceNotes = pgTable(
  'voice_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    durationMs: integer('duration_ms').notNull(),
    transcript: text('transcript'),
    /** pending (queued), done, failed, or off (auto-transcribe disabled). */
    transcriptStatus: text('transcript_status').$type<'pending' | 'done' | 'failed' | 'off'>().notNull(),
    /** True once a person corrected the engine's draft. */
    transcriptEdited: boolean('transcript_edited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voice_notes_owner_id_created_at_idx').on(t.ownerId, t.createdAt)],
);

/** A voice note sent to a contact: it appears in their inbox and the sender's sent box. */
export const voiceNoteDeliveries = pgTable(
  'voice_note_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noteId: uuid('note_id')
      .notNull()
      .references(() => voiceNotes.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listenedAt: timestamp('listened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voice_note_deliveries_note_recipient_idx').on(t.noteId, t.recipientId),
    index('voice_note_deliveries_recipient_idx').on(t.recipientId, t.createdAt),
  ],
);

/** Each person's voice-note choices (the settings drawer). */
export const voiceNoteSettings = pgTable('voice_note_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  autoTranscribe: boolean('auto_transcribe').notNull().default(true),
  /** False: the audio is deleted once its transcript is done (the user's retention choice). */
  keepAudio: boolean('keep_audio').notNull().default(true),
});
