import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Emotion, InsightKind, SourceKind } from '@kaleido/shared/insights/insights.constants';
import type { ItemAnalysis, MoodEstimate } from '@kaleido/shared/insights/item-analysis.schemas';
import type { PersonalityResult } from '@kaleido/shared/insights/personality';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import { users } from './auth';

/**
 * What analysis derived from one thing a person wrote or said (DESIGN §9): one row per item,
 * replaced when the item is edited (content_hash says whether it changed), deleted with it.
 * `title`, `snippet`, `href` and `tags` are copied so insight cards link their evidence without
 * reading every feature's tables; they are this person's own data and go with the row.
 */
export const analysisItems = pgTable(
  'analysis_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceKind: text('source_kind').$type<SourceKind>().notNull(),
    sourceId: text('source_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The mood the person recorded (journal entries), or null. */
    mood: text('mood').$type<Mood>(),
    /** The personal model's estimate for items without a recorded mood. */
    estimatedMood: jsonb('estimated_mood').$type<MoodEstimate>(),
    valence: real('valence').notNull(),
    dominantEmotion: text('dominant_emotion').$type<Emotion>(),
    result: jsonb('result').$type<ItemAnalysis>().notNull(),
    /** Content lemmas and their counts: what the personal model learns from. */
    terms: jsonb('terms').$type<Record<string, number>>().notNull(),
    title: text('title').notNull(),
    snippet: text('snippet').notNull(),
    href: text('href'),
    tags: jsonb('tags').$type<string[]>().notNull(),
    /** sha256 of what was analysed (text, mood, tags, analysis version). */
    contentHash: text('content_hash').notNull(),
    analysedAt: timestamp('analysed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('analysis_items_source_idx').on(t.userId, t.sourceKind, t.sourceId),
    index('analysis_items_user_occurred_idx').on(t.userId, t.occurredAt),
  ],
);

/** Each person's choices: analysis on (the default) or off; a model-written reflection or not. */
export const analysisSettings = pgTable('analysis_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  /** The weekly reflection written by the operator's language model (LLM_*): off unless chosen. */
  llmReflection: boolean('llm_reflection').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** "This doesn't fit me": the card is hidden, the reason kept, its words weighed less. */
export const analysisDisputes = pgTable(
  'analysis_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    insightId: text('insight_id').notNull(),
    kind: text('kind').$type<InsightKind>().notNull(),
    claim: text('claim').notNull(),
    reason: text('reason').notNull(),
    words: jsonb('words').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('analysis_disputes_user_insight_idx').on(t.userId, t.insightId)],
);

/** A person's own mood model (naive Bayes counts), learned from their journal moods only. */
export const analysisModels = pgTable('analysis_models', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  model: jsonb('model').notNull(),
  entries: integer('entries').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The IPIP-50 questionnaire as a person answered it, each time they took it. */
export const personalityResults = pgTable(
  'personality_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<number[]>().notNull(),
    scores: jsonb('scores').$type<PersonalityResult['scores']>().notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('personality_results_user_idx').on(t.userId, t.takenAt)],
);

/**
 * Daily rollups (DESIGN §9, decision 033): per person and local day (YYYY-MM-DD in their
 * timezone), what the insight cards need of that day's analysed items, summed (counts per
 * channel and time of day, valence and mood sums, emotion counts, themes, factors). Derived from
 * analysis_items only: kept up to date in the same transaction as the item, rebuilt whole when
 * the person's timezone changes, deleted with the derived data.
 */
export const analysisDays = pgTable(
  'analysis_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    items: integer('items').notNull(),
    /** The day's figures (modules/insights/rules/day-figures.ts DayFigures), without its words. */
    figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
    /** The valence words behind them (DayWords): read only by the cards' word look-ups. */
    words: jsonb('words').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Which timezone a person's daily rollups are counted in (no row: not built yet). */
export const analysisRollups = pgTable('analysis_rollups', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timezone: text('timezone').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Weekly reflections written by the operator's language model, for people who chose them: one
 * per person and week (the local Monday), kept with what it was written from (`key`: model,
 * tone and figures, hashed), so a restart neither loses it nor asks again.
 */
export const analysisReflections = pgTable(
  'analysis_reflections',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: text('week').notNull(),
    key: text('key').notNull(),
    model: text('model').notNull(),
    text: text('text').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);
