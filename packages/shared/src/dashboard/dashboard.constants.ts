/**
 * The dashboard (SPEC §2 Dashboard, issue #13 item 4). Zod-free so the first screen can import
 * the names and texts alone.
 */

/** Where an item of Recent Activity comes from (mail and calls count once they exist). */
export const ACTIVITY_CHANNELS = ['chat', 'voice', 'email', 'calls', 'journal'] as const;
export type ActivityChannel = (typeof ACTIVITY_CHANNELS)[number];

/** The window the Activity Score looks at, in days of the person's timezone. */
export const ACTIVITY_SCORE_DAYS = 7;
/** The window Recent Chats counts conversations in, in days of the person's timezone. */
export const RECENT_CHATS_DAYS = 7;
/** How many days the mood trend shows (today included). */
export const MOOD_TREND_DAYS = 30;
/** How many items Recent Activity lists. */
export const RECENT_ACTIVITY_LIMIT = 10;

/**
 * A mood as a number for the trend: the good moods above zero, the hard ones below. Sad and
 * angry weigh the same: the scale says how the day felt, not which feeling it was.
 */
export const MOOD_SCORES = { excited: 1, happy: 1, neutral: 0, sad: -1, angry: -1 } as const;

/** The texts of the cards and their explanations (SPEC §2 Dashboard names, kept exactly). */
export const DASHBOARD_TEXTS = {
  welcome: 'Welcome back!',
  recentChats: 'Recent Chats',
  voiceNotes: 'Voice Notes',
  emails: 'Emails',
  callsToday: 'Calls Today',
  journalEntries: 'Journal Entries',
  activityScore: 'Activity Score',
  recentActivity: 'Recent Activity',
  quickActions: 'Quick Actions',
  startNewChat: 'Start new chat',
  recordVoiceNote: 'Record voice note',
  composeEmail: 'Compose email',
  fromYesterday: 'from yesterday',
  fromLastWeek: 'from last week',
  thisMonth: 'this month',
  noActivity: 'Nothing here yet. Write in your journal, send a message or record a voice note.',
  recentChatsHelp: `Conversations with a message in the last ${RECENT_CHATS_DAYS} days.`,
  activityScoreHelp: `The share of the last ${ACTIVITY_SCORE_DAYS} days (in your timezone) on which you wrote in your journal, sent a message, recorded a voice note, sent an email or made a call. The change compares it with the ${ACTIVITY_SCORE_DAYS} days before.`,
  moodTrend: 'Mood trend',
  moodTrendHelp: `The average mood of your journal entries each day over the last ${MOOD_TREND_DAYS} days: excited and happy count +1, neutral 0, sad and angry −1.`,
  noMoods: 'No moods recorded in the last 30 days. Pick a mood when you write a journal entry.',
} as const;
