/**
 * Journal (SPEC §2 Journal, §3 journal entry schema and demo journal entity, §4 Mood, §5 Content
 * text and Journal). Zod-free so the first screens can import the names and texts alone.
 */

/** SPEC §4: the moods an entry can carry; neutral when none is chosen. */
export const MOODS = ['happy', 'excited', 'neutral', 'sad', 'angry'] as const;
export type Mood = (typeof MOODS)[number];
export const DEFAULT_MOOD: Mood = 'neutral';

/** SPEC §3: how the entry was made; 'reflection' answers a prompt, 'audio' is spoken. */
export const JOURNAL_INPUT_TYPES = ['text', 'audio', 'multimodal', 'reflection'] as const;
export type JournalInputType = (typeof JOURNAL_INPUT_TYPES)[number];

/** SPEC §3: who may read it; private unless the owner widens it. */
export const PRIVACY_LEVELS = ['private', 'shared_with_clients', 'public'] as const;
export type PrivacyLevel = (typeof PRIVACY_LEVELS)[number];
export const DEFAULT_PRIVACY_LEVEL: PrivacyLevel = 'private';

/** SPEC §5 Journal: an empty title is saved as this. */
export const UNTITLED_ENTRY = 'Untitled Entry';

export const JOURNAL_CONTENT_MAX = 10_000;
export const JOURNAL_TITLE_MAX = 200;
export const JOURNAL_TAG_MAX = 50;
export const JOURNAL_TAGS_PER_ENTRY_MAX = 20;
export const JOURNAL_PAGE_SIZE_DEFAULT = 20;
export const JOURNAL_PAGE_SIZE_MAX = 100;
/** A draft keeps whatever was typed, even past the entry limit, so nothing is lost. */
export const JOURNAL_DRAFT_CONTENT_MAX = 50_000;
/** Longest recording accepted for a voice entry: an hour. */
export const JOURNAL_VOICE_MAX_DURATION_MS = 60 * 60 * 1000;

export const JOURNAL_MESSAGES = {
  /** SPEC §5 Content text, word for word. */
  contentEmpty: 'Content cannot be empty',
  contentTooLong: 'Content is too long (maximum 10,000 characters)',
  contentHarmful: 'Content contains potentially harmful code',
  titleTooLong: `Title must be at most ${JOURNAL_TITLE_MAX} characters`,
  tagEmpty: 'Tag cannot be empty',
  tagTooLong: `Tags must be at most ${JOURNAL_TAG_MAX} characters`,
  tooManyTags: `An entry can have at most ${JOURNAL_TAGS_PER_ENTRY_MAX} tags`,
  mood: 'Mood must be one of happy, excited, neutral, sad, angry',
  inputType: 'Type must be one of text, audio, multimodal, reflection',
  privacyLevel: 'Privacy must be one of private, shared_with_clients, public',
  nothingToChange: 'Nothing to change',
  entryNotFound: 'Journal entry not found',
  tagNotFound: 'Tag not found',
  tagExists: 'You already have a tag with that name',
  mergeIntoItself: 'Choose a different tag to merge into',
  audioMissing: 'This entry has no audio.',
  badCursor: 'The page cursor is not valid; start again from the first page',
  badMonth: 'Month must look like 2026-05',
  badRange: 'The start date must be before the end date',
  noAudioFile: 'Attach the audio as a file.',
  unknownPrompt: 'Choose a prompt from the library',
  clientKeyReused:
    'This entry key was already used for a different entry. Reload the page and save again.',
} as const;

/** Room event: an entry was created, edited, transcribed or deleted (other tabs refresh). */
export const JOURNAL_ENTRY_CHANGED = 'journal.entry.changed';
