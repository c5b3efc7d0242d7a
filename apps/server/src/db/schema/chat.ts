import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { files } from './files';

/**
 * The spec's chat entities (SPEC §3). Participants and senders are `on delete set null`: a deleted
 * account's messages stay in the other person's history, shown as 'Deleted user'.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    participantOneId: uuid('participant_one_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    participantTwoId: uuid('participant_two_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    title: text('title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The last position handed out in this conversation's stream (messages and their changes).
     * Numbering per conversation, not one global sequence, so a number says nothing about
     * anyone else's activity.
     */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // One conversation per pair, whichever of the two started it. Partial: least()/greatest()
    // skip nulls, so two pairs that lost a deleted account must not collide.
    uniqueIndex('conversations_pair_idx')
      .on(
        sql`least(${t.participantOneId}, ${t.participantTwoId})`,
        sql`greatest(${t.participantOneId}, ${t.participantTwoId})`,
      )
      .where(sql`${t.participantOneId} is not null and ${t.participantTwoId} is not null`),
    // Not on updated_at: every message moves it, and a column outside all indexes lets that
    // update stay on its page (HOT) instead of adding an entry to every index. The list query
    // ORs the two indexes into a bitmap and sorts anyway, so it never read updated_at from them.
    index('conversations_participant_one_idx').on(t.participantOneId),
    index('conversations_participant_two_idx').on(t.participantTwoId),
  ],
);

/** Chat messages, under the spec's table name. */
export const userInputs = pgTable(
  'user_inputs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Position in its conversation's stream (resume and replay), from `conversations.last_seq`
     * under the conversation's row lock.
     */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** A new position when the message changes (a transcript), so resume sees it. */
    updatedSeq: bigint('updated_seq', { mode: 'number' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's idempotency key: a retried send returns the first row. */
    clientId: uuid('client_id').notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    inputType: text('input_type')
      .$type<'text' | 'audio' | 'image' | 'video' | 'document'>()
      .notNull()
      .default('text'),
    privacyLevel: text('privacy_level').notNull().default('shared'),
    emotionalState: jsonb('emotional_state')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    audioUrl: text('audio_url'),
    mediaFileId: uuid('media_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_inputs_user_id_client_id_idx').on(t.userId, t.clientId),
    uniqueIndex('user_inputs_conversation_id_seq_idx').on(t.conversationId, t.seq),
    index('user_inputs_conversation_id_updated_seq_idx')
      .on(t.conversationId, t.updatedSeq)
      .where(sql`${t.updatedSeq} is not null`),
    index('user_inputs_media_file_id_idx')
      .on(t.mediaFileId)
      .where(sql`${t.mediaFileId} is not null`),
  ],
);

/** How far each participant has read: unread counts and read receipts. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);
