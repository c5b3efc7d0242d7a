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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { JournalDraftBody, JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import type {
  JournalInputType,
  Mood,
  PrivacyLevel,
} from '@kaleido/shared/journal/journal.constants';
import { users } from './auth';
import { files } from './files';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A journal entry (SPEC §3 journal entry schema + the demo entity's title, mood, tags). Voice
 * entries keep the engine's `transcript` apart from `content`, which the person edits; `search`
 * is computed by the database from all three so ranking and highlighting run in SQL.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    inputType: text('input_type').$type<JournalInputType>().notNull(),
    mood: text('mood').$type<Mood>().notNull().default('neutral'),
    privacyLevel: text('privacy_level').$type<PrivacyLevel>().notNull().default('private'),
    /** The library prompt a reflection answers (packages/shared/src/journal/journal-prompts.ts). */
    promptId: text('prompt_id'),
    emotionalState: jsonb('emotional_state')
      .$type<JournalEntry['emotional_state']>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    audioFileId: uuid('audio_file_id').references(() => files.id, { onDelete: 'set null' }),
    durationMs: integer('duration_ms'),
    transcript: text('transcript'),
    transcriptStatus: text('transcript_status')
      .$type<JournalEntry['transcriptStatus']>()
      .notNull()
      .default('none'),
    /**
     * The key the client chose for this entry (N18): a retried create with the same key answers
     * the entry already saved instead of adding a second one.
     */
    clientKey: uuid('client_key'),
    /** True once the person edited the content: a late transcript never overwrites their words. */
    contentEdited: boolean('content_edited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B') || setweight(to_tsvector('english', coalesce(transcript, '')), 'C')`,
    ),
    /**
     * Each pair of adjacent words of `search` as one lexeme ('walk_river'), so a quoted phrase
     * finds its few candidate rows in a GIN index before positions are checked
     * (docs/decisions/016-journal-search.md; journal_word_pairs is created in migration 0014).
     */
    searchPairs: tsvector('search_pairs').generatedAlwaysAs(
      sql`journal_word_pairs(to_tsvector('english', title) || to_tsvector('english', content) || to_tsvector('english', coalesce(transcript, '')))`,
    ),
  },
  (t) => [
    index('journal_entries_user_created_idx').on(t.userId, t.createdAt, t.id),
    uniqueIndex('journal_entries_user_client_key_idx').on(t.userId, t.clientKey),
    index('journal_entries_search_idx').using('gin', t.search),
    index('journal_entries_search_pairs_idx').using('gin', t.searchPairs),
  ],
);

/** What an entry looked like before each edit (the history the owner can view). */
export const journalEntryVersions = pgTable(
  'journal_entry_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    mood: text('mood').$type<Mood>().notNull(),
    privacyLevel: text('privacy_level').$type<PrivacyLevel>().notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('journal_entry_versions_entry_idx').on(t.entryId, t.editedAt)],
);

/** A person's tags; names are unique per person whatever their case. */
export const journalTags = pgTable(
  'journal_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('journal_tags_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

export const journalEntryTags = pgTable(
  'journal_entry_tags',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => journalTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.tagId] }),
    index('journal_entry_tags_tag_idx').on(t.tagId),
  ],
);

/** Autosave: one draft per person per entry being edited, or 'new' for an entry not yet saved. */
export const journalDrafts = pgTable(
  'journal_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryKey: text('entry_key').notNull(),
    draft: jsonb('draft').$type<JournalDraftBody>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('journal_drafts_user_key_idx').on(t.userId, t.entryKey)],
);
