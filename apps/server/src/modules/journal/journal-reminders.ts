import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { JOURNAL_ENTRY_CHANGED } from '@kaleido/shared/journal/journal.constants';
import type { JobQueue } from '../../jobs/job-queue';
import { localTime, usableTimezone, wallClock } from '../../lib/timezone';
import type { EventBus } from '../../realtime/event-bus';
import type { NotificationsService } from '../notifications/notifications.service';

export const JOURNAL_REMINDER_KIND = 'journal-reminder';
export const JOURNAL_NUDGE_KIND = 'journal-nudge';
/** Local time of a reminder: the evening, when a day can be looked back on. */
export const REMINDER_HOUR = 19;
/** Silence after which one reflection nudge is sent. */
export const NUDGE_AFTER_MS = 7 * 24 * 3_600_000;

export const JOURNAL_REMINDER_SWEEP_KIND = 'journal-reminder-sweep';
/** How often the sweep looks for accounts created since it last looked. */
export const SWEEP_EVERY_MS = 15 * 60_000;
const SWEEP_PAGE = 500;
const SWEEP_KEY = 'journal-reminder-sweep';

export const reminderKey = (userId: string) => `journal-reminder:${userId}`;
export const nudgeKey = (userId: string) => `journal-nudge:${userId}`;

// Gentle by design (issue #10): an invitation, never a streak count or a reproach.
export const REMINDER_TEXT = {
  title: 'A moment for your journal',
  message: 'If you feel like it, take a few minutes to write down how you are doing.',
};
export const NUDGE_TEXT = {
  title: 'Your journal is here when you want it',
  message: 'Whenever you feel like reflecting, a few words are enough.',
};
const JOURNAL_LINK = '/app/journal';

const reminderPayload = z.object({ userId: z.uuid() });
const sweepPayload = z.object({
  /** The newest account already looked at; null: from the first account. */
  since: z.iso.datetime().nullable(),
});
const nudgePayload = z.object({
  userId: z.uuid(),
  /** The entry whose silence this nudge follows; a newer entry means no nudge is due yet. */
  since: z.iso.datetime(),
});

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

export type JournalReminders = ReturnType<typeof createJournalReminders>;

/**
 * Journal reminders and reflection nudges (issue #10 item 5), as jobs on the one queue
 * (docs/decisions/015-one-job-queue.md): one pending reminder and at most one pending nudge per
 * person, under fixed keys, so a change of mind replaces or cancels it from any instance.
 */
export function createJournalReminders(deps: {
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'notify'>;
  /** The person's notification toggles (settings). */
  notificationSettings: (
    userId: string,
  ) => Promise<{ journal_reminders: boolean; reflection_nudges: boolean }>;
  /** Their profile, if it exists yet (defaults otherwise: weekly, UTC). */
  profiles: {
    find(userId: string): Promise<{ timezone: string; journalFrequency: string } | null>;
  };
  latestEntryAt: (userId: string) => Promise<Date | null>;
  accountsCreatedAfter: (
    since: Date | null,
    limit: number,
  ) => Promise<{ id: string; createdAt: Date }[]>;
  bus: EventBus;
  log: Pick<FastifyBaseLogger, 'warn'>;
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

  jobs.define(JOURNAL_REMINDER_KIND, { payload: reminderPayload }, async ({ userId }) => {
    // Settings may have changed since this was queued: follow them as they are now.
    const still = await nextReminderOf(userId);
    if (!still) return;
    // The successor first: a retry after a failed notify replaces it rather than adding one.
    await scheduleReminder(userId);
    await deps.notifications.notify(userId, {
      type: 'journal',
      ...REMINDER_TEXT,
      link: JOURNAL_LINK,
      emailLine: REMINDER_TEXT.message,
    });
  });

  jobs.define(JOURNAL_NUDGE_KIND, { payload: nudgePayload }, async ({ userId, since }) => {
    if (!(await deps.notificationSettings(userId)).reflection_nudges) return;
    const latest = await deps.latestEntryAt(userId);
    if (latest && latest > new Date(since)) {
      // The person wrote since (and this instance missed the event): wait for the new silence.
      await scheduleNudge(userId);
      return;
    }
    // One nudge per silence: the next is queued only when the person writes again.
    await deps.notifications.notify(userId, {
      type: 'journal',
      ...NUDGE_TEXT,
      link: JOURNAL_LINK,
      emailLine: NUDGE_TEXT.message,
    });
  });

  // The default is a weekly reminder, so an account that never opens its settings nor writes
  // still gets one: a sweep over accounts, page by page, then every SWEEP_EVERY_MS for new ones.
  // It is a job under one key, so one instance sweeps however many run, and a restart resumes
  // from its cursor.
  jobs.define(JOURNAL_REMINDER_SWEEP_KIND, { payload: sweepPayload }, async ({ since }, job) => {
    const accounts = await deps.accountsCreatedAfter(since ? new Date(since) : null, SWEEP_PAGE);
    for (const account of accounts) await ensureReminder(account.id);
    const last = accounts.at(-1);
    const cursor = last ? last.createdAt.toISOString() : since;
    const runAt = new Date(now().getTime() + (accounts.length === SWEEP_PAGE ? 0 : SWEEP_EVERY_MS));
    await job.queue.enqueue(
      JOURNAL_REMINDER_SWEEP_KIND,
      { since: cursor },
      { runAt, key: SWEEP_KEY },
    );
  });

  async function entryWritten(userId: string) {
    await scheduleNudge(userId);
    // Someone who journals but never touched the settings still gets their default reminder.
    await scheduleReminder(userId);
  }

  // A new entry (text or voice) restarts the silence; the journal announces it on the bus.
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.name !== JOURNAL_ENTRY_CHANGED || !event.room.startsWith('user:')) return;
    if ((event.data as { change?: string }).change !== 'created') return;
    const userId = event.room.slice('user:'.length);
    entryWritten(userId).catch((err: unknown) => {
      deps.log.warn({ err, userId }, 'failed to reschedule journal reminders');
    });
  });

  return {
    /** Starts the sweep unless one is pending (then its cursor is kept). */
    async startSweep() {
      await jobs.enqueue(
        JOURNAL_REMINDER_SWEEP_KIND,
        { since: null },
        { key: SWEEP_KEY, keepPending: true },
      );
    },
    /** The reminder toggle, frequency or timezone changed: reschedule or cancel. */
    scheduleReminder,
    scheduleNudge,
    entryWritten,
    /** After a notification settings change: both follow the toggles. */
    async settingsChanged(userId: string) {
      await scheduleReminder(userId);
      await scheduleNudge(userId);
    },
    /** After a profile field change: only frequency and timezone matter here. */
    async profileChanged(userId: string, field: string) {
      if (field === 'journal_frequency' || field === 'timezone') await scheduleReminder(userId);
    },
    close: unsubscribe,
  };
}
