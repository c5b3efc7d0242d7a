import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MailFolder } from '@kaleido/shared/email/email.schemas';
import { users } from './auth';
import { files } from './files';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The internal mailbox (DESIGN §9): one row per message, one state row per person who holds a
 * copy. A draft is a message without `sent_at`; its recipients are the addresses as typed
 * (`draft_to`, `draft_cc`) until a send resolves them into `mail_recipients`. A sender whose
 * account is gone is null (shown as 'Deleted user'). `search` is the database's own index of the
 * subject and body (a GIN index; never read back into the app).
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey(),
    threadId: uuid('thread_id').notNull(),
    inReplyTo: uuid('in_reply_to'),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    draftTo: jsonb('draft_to').$type<string[]>().notNull().default([]),
    draftCc: jsonb('draft_cc').$type<string[]>().notNull().default([]),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', subject), 'A') || setweight(to_tsvector('english', body), 'B')`,
    ),
  },
  (t) => [
    index('mail_messages_thread_idx').on(t.threadId),
    index('mail_messages_sender_idx').on(t.senderId),
    index('mail_messages_search_idx').using('gin', t.search),
  ],
);

/** Who a sent message went to, in order (To, then Cc); a deleted account becomes null. */
export const mailRecipients = pgTable(
  'mail_recipients',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'to' | 'cc'>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.position] }),
    index('mail_recipients_user_idx').on(t.userId),
  ],
);

/**
 * One person's copy of a message: its folder, read and starred flags, when it went to the trash
 * (purged 30 days later) and where it came from (restore). `at` orders the folder (sent time, or
 * a draft's last save), so a page of a folder is one index range.
 */
export const mailStates = pgTable(
  'mail_states',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    folder: text('folder').$type<MailFolder>().notNull(),
    previousFolder: text('previous_folder').$type<MailFolder>(),
    read: boolean('read').notNull().default(false),
    starred: boolean('starred').notNull().default(false),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    index('mail_states_folder_idx').on(t.userId, t.folder, t.at.desc(), t.messageId.desc()),
    index('mail_states_message_idx').on(t.messageId),
    index('mail_states_trashed_idx').on(t.trashedAt),
  ],
);

/** Files a message carries (a forward carries the original's files too). */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.fileId] }),
    index('mail_attachments_file_idx').on(t.fileId),
  ],
);
