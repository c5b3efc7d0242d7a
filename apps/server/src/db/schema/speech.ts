import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { files } from './files';

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
    transcriptStatus: text('transcript_status')
      .$type<'pending' | 'done' | 'failed' | 'off'>()
      .notNull(),
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
