import type { JobQueue } from '../../jobs/job-queue';
import { localTime, usableTimezone, wallClock } from '../../lib/timezone';

export const JOURNAL_REMINDER_KIND = 'journal-reminder';
export const JOURNAL_NUDGE_KIND = 'journal-nudge';
/** Local time of a reminder: the evening, when a day can be looked back on. */
export const REMINDER_HOUR = 19;
/** Silence after which one reflection nudge is sent. */
export const NUDGE_AFTER_MS = 7 * 24 * 3_600_000;

export const reminderKey = (userId: string) => `journal-reminder:${userId}`;
export const nudgeKey = (userId: string) => `journal-nudge:${userId}`;

const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
type ReminderFrequency = (typeof FREQUENCIES)[number];
const isReminderFrequency = (value: string): value is ReminderFrequency =>
  (FREQUENCIES as readonly string[]).includes(value);

/**
 * The next reminder after `now` in the person's timezone: daily at 19:00, weekly on Sunday
 * evening, monthly on the evening of the 1st; none for 'as-needed' and 'never'. Fixed slots, so
 * scheduling again for the same person gives the same time (idempotent from any instance).
 */
export function nextReminderAt(now: Date, frequency: string, timezone: string): Date | null {
  if (!isReminderFrequency(frequency)) return null;
  const tz = usableTimezone(timezone);
  const today = wallClock(now, tz);
  const { year, month, day } = today;
  const at = (d: number, m = month) => localTime(year, m, d, REMINDER_HOUR, tz);
  if (frequency === 'daily') {
    const tonight = at(day);
    return tonight > now ? tonight : at(day + 1);
  }
  if (frequency === 'weekly') {
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    const sunday = at(day + ((7 - weekday) % 7));
    return sunday > now ? sunday : at(day + ((7 - weekday) % 7) + 7);
  }
  const first = at(1);
  return first > now ? first : at(1, month + 1);
}

export type JournalReminderSchedule = ReturnType<typeof createJournalReminderSchedule>;

/**
 * When a person's next reminder and nudge are due, queued under fixed keys: scheduling again
 * replaces the pending one and turning it off cancels it, from any instance.
 */
export function createJournalReminderSchedule(deps: {
  jobs: Pick<JobQueue, 'enqueue' | 'cancel'>;
  /** The person's notification toggles (settings). */
  notificationSettings: (
    userId: string,
  ) => Promise<{ journal_reminders: boolean; reflection_nudges: boolean }>;
  /** Their profile, if it exists yet (defaults otherwise: weekly, UTC). */
  profiles: {
    find(userId: string): Promise<{ timezone: string; journalFrequency: string } | null>;
  };
  latestEntryAt: (userId: string) => Promise<Date | null>;
  now: () => Date;
}) {
  const { jobs, now } = deps;

  /** When the next reminder is due, or null when the person does not want one. */
  async function nextReminderOf(userId: string): Promise<Date | null> {
    const settings = await deps.notificationSettings(userId);
    if (!settings.journal_reminders) return null;
    const profile = await deps.profiles.find(userId);
    return nextReminderAt(now(), profile?.journalFrequency ?? 'weekly', profile?.timezone ?? 'UTC');
  }

  async function scheduleReminder(userId: string) {
    const runAt = await nextReminderOf(userId);
    if (runAt)
      await jobs.enqueue(JOURNAL_REMINDER_KIND, { userId }, { runAt, key: reminderKey(userId) });
    else await jobs.cancel(reminderKey(userId));
  }

  /**
   * A reminder for someone who may have none: one already pending is kept as it is, since it may
   * be due this very moment (replacing it would move it to the next slot and skip this one).
   */
  async function ensureReminder(userId: string) {
    const runAt = await nextReminderOf(userId);
    if (runAt)
      await jobs.enqueue(
        JOURNAL_REMINDER_KIND,
        { userId },
        { runAt, key: reminderKey(userId), keepPending: true },
      );
  }

  /** The nudge after the latest entry; none if nudges are off or that silence is already long past. */
  async function scheduleNudge(userId: string) {
    const settings = await deps.notificationSettings(userId);
    const latest = settings.reflection_nudges ? await deps.latestEntryAt(userId) : null;
    const runAt = latest && new Date(latest.getTime() + NUDGE_AFTER_MS);
    // A silence that began before nudges were (re)enabled may already have had its nudge.
    if (latest && runAt && runAt > now())
      await jobs.enqueue(
        JOURNAL_NUDGE_KIND,
        { userId, since: latest.toISOString() },
        { runAt, key: nudgeKey(userId) },
      );
    else await jobs.cancel(nudgeKey(userId));
  }

  return { nextReminderOf, scheduleReminder, ensureReminder, scheduleNudge };
}
