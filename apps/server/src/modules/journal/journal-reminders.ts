import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { JOURNAL_ENTRY_CHANGED } from '@kaleido/shared/journal/journal.constants';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  JOURNAL_NUDGE_KIND,
  JOURNAL_REMINDER_KIND,
  type JournalReminderSchedule,
} from './journal-reminder-schedule';

export const JOURNAL_REMINDER_SWEEP_KIND = 'journal-reminder-sweep';
/** How often the sweep looks for accounts created since it last looked. */
export const SWEEP_EVERY_MS = 15 * 60_000;
const SWEEP_PAGE = 500;
const SWEEP_KEY = 'journal-reminder-sweep';

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

export type JournalReminders = ReturnType<typeof createJournalReminders>;

/**
 * Journal reminders and reflection nudges (issue #10 item 5), as jobs on the one queue
 * (docs/decisions/015-one-job-queue.md): one pending reminder and at most one pending nudge per
 * person, under fixed keys, so a change of mind replaces or cancels it from any instance. Here:
 * what each job does when it fires, the sweep, and the entries that restart a silence.
 */
export function createJournalReminders(deps: {
  jobs: JobQueue;
  schedule: JournalReminderSchedule;
  notifications: Pick<NotificationsService, 'notify'>;
  /** The person's notification toggles (settings). */
  notificationSettings: (userId: string) => Promise<{ reflection_nudges: boolean }>;
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
  const { nextReminderOf, scheduleReminder, ensureReminder, scheduleNudge } = deps.schedule;

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
