/**
 * Analysis and insights (issue 13; DESIGN §9 "Analysis stays on the server"). Zod-free, so the
 * first screens can import the names, thresholds and texts alone.
 */

/** The fixed emotion set every item is scored over. */
export const EMOTIONS = [
  'joy',
  'sadness',
  'anger',
  'fear',
  'calm',
  'surprise',
  'disgust',
  'anticipation',
] as const;
export type Emotion = (typeof EMOTIONS)[number];

/** Where an analysed text came from: what a person wrote or said in each channel. */
export const SOURCE_KINDS = ['journal', 'chat', 'voice_note', 'mail', 'call'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Human names for the channels, as cards and charts show them. */
export const SOURCE_KIND_LABELS: Record<SourceKind, string> = {
  journal: 'Journal',
  chat: 'Chat',
  voice_note: 'Voice notes',
  mail: 'Email',
  call: 'Calls',
};

/** The language markers measured on every item (each with published evidence; see docs/api/insights.md). */
export const MARKERS = ['first_person_singular', 'absolutist', 'negation'] as const;
export type Marker = (typeof MARKERS)[number];

/** What a theme is: a word's lemma, a noun phrase, or a named entity. */
export const THEME_KINDS = ['lemma', 'noun_phrase', 'entity'] as const;
export type ThemeKind = (typeof THEME_KINDS)[number];

/** The insight kinds, each a card on the dashboard and a detail page. */
export const INSIGHT_KINDS = [
  'mood_trend',
  'valence_trend',
  'emotion_mix',
  'themes',
  'better_worse_days',
  'channel_patterns',
  'time_of_day',
  'weekly_reflection',
] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];

/**
 * The kinds whose cards are computed per day, week or month; the others cover a fixed span
 * (the weekly reflection, a week) or the whole window, so a period switch would change nothing.
 */
export const PERIOD_INSIGHT_KINDS: readonly InsightKind[] = [
  'mood_trend',
  'valence_trend',
  'emotion_mix',
];

export const INSIGHT_KIND_TITLES: Record<InsightKind, string> = {
  mood_trend: 'Mood trend',
  valence_trend: 'How your words feel',
  emotion_mix: 'Emotion mix',
  themes: 'Themes rising and fading',
  better_worse_days: 'What goes with better and worse days',
  channel_patterns: 'Channels',
  time_of_day: 'Time of day',
  weekly_reflection: 'Your week',
};

/**
 * Who reads a card: the person themself ('self', spoken to as "you"), or another reader such as
 * their professional ('other', who reads about them as "they").
 */
export const INSIGHT_READERS = ['self', 'other'] as const;
export type InsightReader = (typeof INSIGHT_READERS)[number];

/** The titles as another reader sees them: about the person, not to them. */
const INSIGHT_KIND_TITLES_FOR_OTHERS: Record<InsightKind, string> = {
  ...INSIGHT_KIND_TITLES,
  valence_trend: 'How their words feel',
  weekly_reflection: 'Their week',
};

export const insightTitle = (kind: InsightKind, reader: InsightReader): string =>
  (reader === 'self' ? INSIGHT_KIND_TITLES : INSIGHT_KIND_TITLES_FOR_OTHERS)[kind];

/** Trend buckets. */
export const INSIGHT_PERIODS = ['day', 'week', 'month'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

export const INSIGHT_STATUSES = ['ok', 'not_enough_data'] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];

/** How a claim is worded (SPEC §9 Emotional Sensitivity). */
export const INSIGHT_TONES = ['gentle', 'neutral', 'direct'] as const;
export type InsightTone = (typeof INSIGHT_TONES)[number];

/**
 * The profile's emo_tone_preference (gentle, direct, encouraging, analytical, compassionate,
 * neutral, or unset) as one of the three phrasings.
 */
export function toneOf(preference: string | null | undefined): InsightTone {
  if (preference === 'gentle' || preference === 'encouraging' || preference === 'compassionate')
    return 'gentle';
  if (preference === 'direct' || preference === 'analytical') return 'direct';
  return 'neutral';
}

/**
 * Below these an insight says it does not know yet ('not_enough_data') instead of guessing.
 * Better/worse days follow Bearable: at least 3 days with a factor and 3 without.
 */
export const INSIGHT_MINIMUMS = {
  /** Analysed items in the window for a trend, a mix or a channel/time comparison. */
  items: 5,
  /** Days with data for a trend. */
  trendDays: 3,
  /** Days with and days without a factor. */
  factorDays: 3,
  /** Days of data recommended before better/worse days are trusted (said in the caveat). */
  recommendedDays: 30,
  /** Journal entries with a recorded mood before the personal model estimates moods. */
  modelEntries: 5,
  /** Entries in the week for a weekly reflection. */
  weeklyItems: 2,
} as const;

export const INSIGHTS_MESSAGES = {
  insightNotFound: 'Insight not found',
  unknownKind: 'Unknown insight kind',
  disputeReasonTooLong: 'The reason must be at most 500 characters',
  analysisOff: 'Analysis is turned off. Turn it on to see insights from what you write.',
  notEnoughData: 'Not enough data yet.',
  derivedDeleted: 'Everything derived from your data was deleted.',
} as const;

export const DISPUTE_REASON_MAX = 500;

/** Version of the lexicons and rules; a change re-analyses items on their next edit. */
export const ANALYSIS_VERSION = 'lexicon-2';

/** Realtime event to `user:<id>`: this person's analysis changed (cards and figures refresh). */
export const INSIGHTS_UPDATED = 'insights.updated';
