import { z } from 'zod';
import { containsHarmfulCode } from '../chat/chat.schemas';
import { findPrompt } from './journal-prompts';
import {
  DEFAULT_MOOD,
  DEFAULT_PRIVACY_LEVEL,
  JOURNAL_CONTENT_MAX,
  JOURNAL_DRAFT_CONTENT_MAX,
  JOURNAL_INPUT_TYPES,
  JOURNAL_MESSAGES,
  JOURNAL_PAGE_SIZE_DEFAULT,
  JOURNAL_PAGE_SIZE_MAX,
  JOURNAL_TAG_MAX,
  JOURNAL_TAGS_PER_ENTRY_MAX,
  JOURNAL_TITLE_MAX,
  JOURNAL_VOICE_MAX_DURATION_MS,
  MOODS,
  PRIVACY_LEVELS,
} from './journal.constants';

/**
 * The journal's one contract, read by the web form, the fetchers and the server's validators.
 * Resources keep the spec's field names (§3 `input_type`, `privacy_level`, `emotional_state`;
 * the demo entity's `createdAt`, `updatedAt`, `audioUrl`); request bodies are camelCase.
 */
const M = JOURNAL_MESSAGES;

export const MoodSchema = z.enum(MOODS, { error: M.mood });
export const JournalInputTypeSchema = z.enum(JOURNAL_INPUT_TYPES, { error: M.inputType });
export const PrivacyLevelSchema = z.enum(PRIVACY_LEVELS, { error: M.privacyLevel });

/** SPEC §5 Content text: trimmed, then empty, too long, harmful — in the spec's order. */
export const JournalContentSchema = z
  .string({ error: M.contentEmpty })
  .trim()
  .min(1, M.contentEmpty)
  .max(JOURNAL_CONTENT_MAX, M.contentTooLong)
  .refine((text) => !containsHarmfulCode(text), M.contentHarmful);

/** Empty is allowed here: the service saves it as 'Untitled Entry' (SPEC §5 Journal). */
export const JournalTitleSchema = z
  .string()
  .trim()
  .max(JOURNAL_TITLE_MAX, M.titleTooLong)
  .refine((text) => !containsHarmfulCode(text), M.contentHarmful);

/** One tag: spaces collapsed, so "  work   life " and "work life" are the same tag. */
export const TagNameSchema = z
  .string({ error: M.tagEmpty })
  .transform((name) => name.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, M.tagEmpty)
      .max(JOURNAL_TAG_MAX, M.tagTooLong)
      .refine((text) => !containsHarmfulCode(text), M.contentHarmful),
  );

export const TagListSchema = z.array(TagNameSchema).max(JOURNAL_TAGS_PER_ENTRY_MAX, M.tooManyTags);

/** SPEC §3 emotional_state: an optional free map (kept small; it is not the mood). */
export const EmotionalStateSchema = z.record(
  z.string().max(50),
  z.union([z.string().max(200), z.number(), z.boolean()]),
);

export const TRANSCRIPT_STATUSES = ['none', 'pending', 'done', 'failed'] as const;

export const JournalEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  input_type: JournalInputTypeSchema,
  mood: MoodSchema,
  privacy_level: PrivacyLevelSchema,
  emotional_state: EmotionalStateSchema,
  tags: z.array(z.string()),
  /** The library prompt a reflection answers, or null. */
  promptId: z.string().nullable(),
  /** Where the recording plays (voice entries), or null. */
  audioUrl: z.string().nullable(),
  /** Voice entries: whether the transcript has arrived; 'none' for written entries. */
  transcriptStatus: z.enum(TRANSCRIPT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

/** A search hit: the entry plus its rank and the matched text with `<mark>` around matches. */
export const JournalSearchHitSchema = JournalEntrySchema.extend({
  rank: z.number().optional(),
  /** HTML-escaped text with only <mark>…</mark> added, safe to render as markup. */
  highlight: z.string().optional(),
});
export type JournalSearchHit = z.infer<typeof JournalSearchHitSchema>;

export const JournalEntryPageSchema = z.object({
  entries: z.array(JournalSearchHitSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type JournalEntryPage = z.infer<typeof JournalEntryPageSchema>;

export const CreateJournalEntryBodySchema = z.strictObject({
  title: JournalTitleSchema.optional(),
  content: JournalContentSchema,
  inputType: JournalInputTypeSchema.exclude(['audio']).default('text'),
  mood: MoodSchema.default(DEFAULT_MOOD),
  privacyLevel: PrivacyLevelSchema.default(DEFAULT_PRIVACY_LEVEL),
  tags: TagListSchema.default([]),
  emotionalState: EmotionalStateSchema.default({}),
  /** Answering a library prompt makes the entry a reflection. */
  promptId: z
    .string()
    .max(50)
    .refine((id) => findPrompt(id) !== undefined, M.unknownPrompt)
    .optional(),
  /**
   * Chosen by the client once per entry and sent again on every retry: a create that reached
   * the server before the answer was lost answers the saved entry (200), never a second one.
   */
  clientKey: z.uuid('clientKey must be a UUID').optional(),
});
export type CreateJournalEntryBody = z.infer<typeof CreateJournalEntryBodySchema>;

export const UpdateJournalEntryBodySchema = z
  .strictObject({
    title: JournalTitleSchema.optional(),
    content: JournalContentSchema.optional(),
    mood: MoodSchema.optional(),
    privacyLevel: PrivacyLevelSchema.optional(),
    tags: TagListSchema.optional(),
    emotionalState: EmotionalStateSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, M.nothingToChange);
export type UpdateJournalEntryBody = z.infer<typeof UpdateJournalEntryBodySchema>;

/** Sent beside the audio file of a voice entry (multipart fields are text). */
export const CreateVoiceJournalEntryFieldsSchema = z.object({
  title: JournalTitleSchema.optional(),
  mood: MoodSchema.default(DEFAULT_MOOD),
  privacyLevel: PrivacyLevelSchema.default(DEFAULT_PRIVACY_LEVEL),
  /** Comma-separated in the form field. */
  tags: z
    .string()
    .optional()
    .transform((text) => (text ? text.split(',').filter((t) => t.trim() !== '') : []))
    .pipe(TagListSchema),
  durationMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(JOURNAL_VOICE_MAX_DURATION_MS, 'Recordings can be at most an hour long')
    .optional(),
});

const isoDay = z.iso.date();
/** A day (YYYY-MM-DD, in the user's timezone) or an instant. */
const DateOrInstantSchema = z.union([isoDay, z.iso.datetime({ offset: true })]);

export const JournalListQuerySchema = z.object({
  /** Words to find in titles, content and transcripts (web-search syntax: "quoted", -not, or). */
  q: z.string().trim().max(200).optional(),
  from: DateOrInstantSchema.optional(),
  to: DateOrInstantSchema.optional(),
  mood: MoodSchema.optional(),
  tag: z.string().trim().max(JOURNAL_TAG_MAX).optional(),
  type: JournalInputTypeSchema.optional(),
  privacy: PrivacyLevelSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(JOURNAL_PAGE_SIZE_MAX)
    .default(JOURNAL_PAGE_SIZE_DEFAULT),
});
export type JournalListQuery = z.infer<typeof JournalListQuerySchema>;

export const JournalExportQuerySchema = z.object({
  from: DateOrInstantSchema.optional(),
  to: DateOrInstantSchema.optional(),
});

export const JournalEntryVersionSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  mood: MoodSchema,
  privacy_level: PrivacyLevelSchema,
  tags: z.array(z.string()),
  /** When this version was replaced by the next one. */
  editedAt: z.string(),
});
export type JournalEntryVersion = z.infer<typeof JournalEntryVersionSchema>;

export const JournalTagSchema = z.object({ id: z.string(), name: z.string(), count: z.number() });
export type JournalTag = z.infer<typeof JournalTagSchema>;
export const CreateJournalTagBodySchema = z.strictObject({ name: TagNameSchema });
export const RenameJournalTagBodySchema = z.strictObject({ name: TagNameSchema });
export const MergeJournalTagBodySchema = z.strictObject({ intoTagId: z.uuid() });

/** Autosave: what is typed, unchecked (a half-written entry may break the rules for now). */
export const JournalDraftBodySchema = z.strictObject({
  title: z
    .string()
    .max(JOURNAL_TITLE_MAX * 5)
    .optional(),
  content: z.string().max(JOURNAL_DRAFT_CONTENT_MAX).optional(),
  mood: MoodSchema.optional(),
  privacyLevel: PrivacyLevelSchema.optional(),
  inputType: JournalInputTypeSchema.optional(),
  tags: z
    .array(z.string().max(JOURNAL_TAG_MAX * 2))
    .max(JOURNAL_TAGS_PER_ENTRY_MAX * 2)
    .optional(),
});
export type JournalDraftBody = z.infer<typeof JournalDraftBodySchema>;
export const JournalDraftSchema = z.object({
  /** 'new' for a new entry, else the entry's id. */
  key: z.string(),
  draft: JournalDraftBodySchema,
  updatedAt: z.string(),
});
export type JournalDraft = z.infer<typeof JournalDraftSchema>;
/** GET of a draft: none saved is an ordinary answer (a new form), not an error. */
export const JournalDraftLookupSchema = z.object({ saved: JournalDraftSchema.nullable() });
export type JournalDraftLookup = z.infer<typeof JournalDraftLookupSchema>;
export const JournalDraftKeySchema = z.union([z.literal('new'), z.uuid()]);

export const JournalCalendarQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.badMonth),
});
export const JournalCalendarSchema = z.object({
  month: z.string(),
  timezone: z.string(),
  days: z.array(z.object({ date: z.string(), count: z.number(), mood: MoodSchema })),
});
export type JournalCalendar = z.infer<typeof JournalCalendarSchema>;

export const JournalPromptSchema = z.object({
  id: z.string(),
  category: z.string(),
  text: z.string(),
});
export const JournalPromptsSchema = z.object({
  /** The same all day in the person's timezone. */
  today: JournalPromptSchema,
  /** Every prompt, those serving the profile's reflection goals first. */
  prompts: z.array(JournalPromptSchema),
});
export type JournalPrompts = z.infer<typeof JournalPromptsSchema>;

export const JournalEventSchemas = {
  /** An entry of this user was saved, transcribed or deleted (the user's other tabs refresh). */
  'journal.entry.changed': z.object({
    entryId: z.string(),
    change: z.enum(['created', 'updated', 'deleted']),
    entry: JournalEntrySchema.optional(),
  }),
} as const;
