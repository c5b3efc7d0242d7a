import { z } from 'zod';
import { ACTIVITY_CHANNELS } from './dashboard.constants';

/** GET /api/dashboard: the six cards of SPEC §2, Recent Activity and the mood trend. */

const count = z.number().int().nonnegative();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const DashboardCardsSchema = z.object({
  /** Conversations with a message in the last 7 days; the change against the same count yesterday. */
  recentChats: z.object({ count, changeFromYesterday: z.number().int() }),
  /** Notes recorded or received; received ones not yet played. */
  voiceNotes: z.object({ count, unheard: count }),
  /** Mail in the inbox and unread (0 until mail exists). */
  emails: z.object({ count, unread: count }),
  /** Calls started today and their total length (0 until calls exist). */
  callsToday: z.object({ count, totalSeconds: count }),
  /** Entries written this calendar month. */
  journalEntries: z.object({ thisMonth: count }),
  /** Percent of the last 7 days with any activity; change in points against the 7 days before. */
  activityScore: z.object({
    percent: z.number().int().min(0).max(100),
    changeFromLastWeek: z.number().int(),
    activeDays: count,
    lastWeekActiveDays: count,
  }),
});
export type DashboardCards = z.infer<typeof DashboardCardsSchema>;

export const RecentActivitySchema = z.object({
  /** Unique across channels: `<channel>:<id>`. */
  id: z.string(),
  channel: z.enum(ACTIVITY_CHANNELS),
  title: z.string(),
  at: z.iso.datetime({ offset: true }),
  /** Where it opens in the app. */
  link: z.string(),
});
export type RecentActivity = z.infer<typeof RecentActivitySchema>;

export const MoodDaySchema = z.object({
  date: day,
  entries: count,
  /** Mean of MOOD_SCORES over the day's entries (−1..1); null on a day without entries. */
  average: z.number().min(-1).max(1).nullable(),
});
export type MoodDay = z.infer<typeof MoodDaySchema>;

export const DashboardSummarySchema = z.object({
  /** The profile's timezone the days are counted in. */
  timezone: z.string(),
  today: day,
  cards: DashboardCardsSchema,
  recentActivity: z.array(RecentActivitySchema),
  /** One item per day, oldest first, MOOD_TREND_DAYS long, today last. */
  moodTrend: z.array(MoodDaySchema),
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;
