import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { onPostgres, startTwoInstances } from '../../../test/two-instances';
import { jobs } from '../../db/schema/jobs';
import { entryOf, patch } from '../../../test/fixtures/journal-fixtures';
import { NUDGE_TEXT, REMINDER_TEXT, SWEEP_EVERY_MS } from './journal-reminders';
import { NUDGE_AFTER_MS, nextReminderAt, nudgeKey, reminderKey } from './journal-reminder-schedule';
import { waitFor } from '../../../test/fixtures/wait-for';

const DAY = 24 * 3_600_000;

/** The wall clock of an instant in a zone, as 'YYYY-MM-DD HH:mm, Weekday'. */
function localOf(at: Date, timeZone: string) {
  const f = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, ...o }).format(at);
  return `${f({ year: 'numeric', month: '2-digit', day: '2-digit' })} ${f({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}, ${f({ weekday: 'long' })}`;
}

async function pendingJob(app: TestApp, key: string) {
  const rows = await app.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.key, key), eq(jobs.status, 'queued')));
  return rows[0] ?? null;
}

async function queuedJob(app: TestApp, key: string) {
  const job = await pendingJob(app, key);
  if (!job) throw new Error(`no pending job ${key}`);
  return job;
}

async function journalNotifications(app: TestApp, userId: string, title: string) {
  const { notifications } = await app.notifications.list(userId);
  return notifications.filter((n) => n.type === 'journal' && n.title === title);
}

const setProfile = async (client: TestClient, field: string, value: unknown) => {
  const response = await patch(client, '/api/profile', { field, value });
  if (response.status !== 200) throw new Error(`profile: ${response.status} ${response.body}`);
};
const setNotifications = async (client: TestClient, values: Record<string, boolean>) => {
  const response = await patch(client, '/api/settings/notification_settings', values);
  if (response.status !== 200) throw new Error(`settings: ${response.status} ${response.body}`);
};

/** A fresh sign-in of the same person, after the clock moved past their session's idle limit. */
async function signInAgain(app: TestApp, ip: string, email: string, password: string) {
  const client = new TestClient(app.app, ip);
  const response = await client.post('/api/auth/sign-in', { email, password });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${response.body}`);
  await client.loadSession();
  return client;
}

/** Moves the app's clock just past `at`, so a job due then is claimed on the next poll. */
function advancePast(app: TestApp, at: Date) {
  app.clock.advance(Math.max(0, at.getTime() - app.clock.now().getTime()) + 1_000);
}

describe('the next reminder time', () => {
  it('is 19:00 local: tonight or tomorrow (daily), Sunday (weekly), the 1st (monthly)', () => {
    const tz = 'America/New_York';
    // Thursday 5 March 2026, 10:00 in New York (UTC-5).
    const morning = new Date('2026-03-05T15:00:00Z');
    expect(nextReminderAt(morning, 'daily', tz)?.toISOString()).toBe('2026-03-06T00:00:00.000Z');
    const late = new Date('2026-03-06T01:00:00Z'); // 20:00 the same evening
    expect(nextReminderAt(late, 'daily', tz)?.toISOString()).toBe('2026-03-07T00:00:00.000Z');
    // Sunday 8 March is the day clocks go forward: 19:00 is then UTC-4.
    expect(nextReminderAt(morning, 'weekly', tz)?.toISOString()).toBe('2026-03-08T23:00:00.000Z');
    expect(nextReminderAt(morning, 'monthly', tz)?.toISOString()).toBe('2026-04-01T23:00:00.000Z');
    expect(nextReminderAt(morning, 'as-needed', tz)).toBeNull();
    expect(nextReminderAt(morning, 'never', tz)).toBeNull();
    // Tokyo has no DST: 19:00 JST is 10:00 UTC.
    expect(nextReminderAt(morning, 'daily', 'Asia/Tokyo')?.toISOString()).toBe(
      '2026-03-06T10:00:00.000Z',
    );
    // A zone the runtime does not know is read as UTC rather than failing.
    expect(nextReminderAt(morning, 'daily', 'Mars/Olympus')?.toISOString()).toBe(
      '2026-03-05T19:00:00.000Z',
    );
  });
});

describe('journal reminders and reflection nudges', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('schedules the reminder at 19:00 in the person’s timezone, at their frequency', async () => {
    const { client, userId } = await signedInClient(app);
    await setProfile(client, 'timezone', 'Asia/Tokyo');
    const weekly = await queuedJob(app, reminderKey(userId));
    expect(localOf(weekly.runAt, 'Asia/Tokyo')).toMatch(/ 19:00, Sunday$/);

    await setProfile(client, 'journal_frequency', 'daily');
    const daily = await queuedJob(app, reminderKey(userId));
    // The same pending job, moved: never a second reminder.
    expect(daily.id).toBe(weekly.id);
    expect(localOf(daily.runAt, 'Asia/Tokyo')).toMatch(/ 19:00, /);
    const ahead = daily.runAt.getTime() - app.clock.now().getTime();
    expect(ahead).toBeGreaterThan(0);
    expect(ahead).toBeLessThanOrEqual(DAY);

    await setProfile(client, 'journal_frequency', 'monthly');
    const monthly = await queuedJob(app, reminderKey(userId));
    expect(localOf(monthly.runAt, 'Asia/Tokyo')).toMatch(/^\d{4}-\d{2}-01 19:00/);

    // Settings → Profile changes the timezone too: the reminder follows.
    const viaSettings = await patch(client, '/api/settings/profile_settings', {
      timezone: 'America/New_York',
    });
    expect(viaSettings.status).toBe(200);
    const moved = await queuedJob(app, reminderKey(userId));
    expect(localOf(moved.runAt, 'America/New_York')).toMatch(/^\d{4}-\d{2}-01 19:00/);

    for (const frequency of ['never', 'as-needed']) {
      await setProfile(client, 'journal_frequency', 'daily');
      await setProfile(client, 'journal_frequency', frequency);
      expect(await pendingJob(app, reminderKey(userId))).toBeNull();
    }
  });

  it('gives an account that never opens its settings nor writes its default weekly reminder', async () => {
    const { userId } = await signedInClient(app);
    expect(await pendingJob(app, reminderKey(userId))).toBeNull();
    // The sweep looks for new accounts every SWEEP_EVERY_MS.
    app.clock.advance(SWEEP_EVERY_MS + 1_000);
    const reminder = await waitFor(() => pendingJob(app, reminderKey(userId)), 'the sweep');
    expect(localOf(reminder.runAt, 'UTC')).toMatch(/ 19:00, Sunday$/);
  });

  it('sends a due reminder once, as a gentle journal notification, and queues the next', async () => {
    const { client, userId } = await signedInClient(app);
    await setProfile(client, 'journal_frequency', 'daily');
    const due = await queuedJob(app, reminderKey(userId));
    advancePast(app, due.runAt);

    const sent = await waitFor(async () => {
      const list = await journalNotifications(app, userId, REMINDER_TEXT.title);
      return list.length > 0 && list;
    }, 'the reminder');
    expect(sent[0]).toMatchObject({ ...REMINDER_TEXT, link: '/app/journal', read: false });
    const next = await waitFor(async () => {
      const job = await pendingJob(app, reminderKey(userId));
      return job && job.id !== due.id && job;
    }, 'the next reminder');
    expect(next.runAt.getTime() - due.runAt.getTime()).toBe(DAY);
    await app.jobs.settled(); // nothing else runs
    expect(await journalNotifications(app, userId, REMINDER_TEXT.title)).toHaveLength(1);
  });

  it('cancels what is scheduled when the setting is turned off, and schedules again when on', async () => {
    const { client, userId } = await signedInClient(app);
    await setProfile(client, 'journal_frequency', 'daily');
    const pending = await queuedJob(app, reminderKey(userId));
    await setNotifications(client, { journal_reminders: false });
    expect(await pendingJob(app, reminderKey(userId))).toBeNull();
    const [cancelled] = await app.database.db.select().from(jobs).where(eq(jobs.id, pending.id));
    expect(cancelled?.status).toBe('cancelled');
    // Changing the frequency while off schedules nothing.
    await setProfile(client, 'journal_frequency', 'weekly');
    expect(await pendingJob(app, reminderKey(userId))).toBeNull();

    await setNotifications(client, { journal_reminders: true });
    const again = await queuedJob(app, reminderKey(userId));
    expect(localOf(again.runAt, 'UTC')).toMatch(/ 19:00, Sunday$/);
  });

  it('nudges once after a week of silence, and only again after the person writes again', async () => {
    const { client, userId, email, password } = await signedInClient(app);
    const entry = await entryOf(client, { content: 'A calm evening.' });
    const nudge = await waitFor(() => pendingJob(app, nudgeKey(userId)), 'the nudge to be queued');
    expect(nudge.runAt.getTime()).toBe(new Date(entry.createdAt).getTime() + NUDGE_AFTER_MS);

    // Writing again (three days later) starts the silence over.
    app.clock.advance(3 * DAY);
    const later = await signInAgain(app, client.ip, email, password);
    const second = await entryOf(later, { content: 'Still calm.' });
    const moved = await waitFor(async () => {
      const job = await pendingJob(app, nudgeKey(userId));
      return job && job.runAt.getTime() > nudge.runAt.getTime() && job;
    }, 'the nudge to move');
    expect(moved.runAt.getTime()).toBe(new Date(second.createdAt).getTime() + NUDGE_AFTER_MS);

    advancePast(app, moved.runAt);
    const sent = await waitFor(async () => {
      const list = await journalNotifications(app, userId, NUDGE_TEXT.title);
      return list.length > 0 && list;
    }, 'the nudge');
    expect(sent[0]).toMatchObject(NUDGE_TEXT);
    expect(`${sent[0]?.title} ${sent[0]?.message}`).not.toMatch(
      /streak|miss|days? (in a row|since)/i,
    );
    // A longer silence brings no second nudge.
    app.clock.advance(10 * DAY);
    await app.jobs.settled();
    expect(await journalNotifications(app, userId, NUDGE_TEXT.title)).toHaveLength(1);
    expect(await pendingJob(app, nudgeKey(userId))).toBeNull();

    // Back after the silence: a new nudge is armed.
    const back = await signInAgain(app, client.ip, email, password);
    await entryOf(back, { content: 'Back again.' });
    await waitFor(() => pendingJob(app, nudgeKey(userId)), 'a new nudge after writing again');

    // Nudges off: the pending one goes.
    await setNotifications(back, { reflection_nudges: false });
    expect(await pendingJob(app, nudgeKey(userId))).toBeNull();
  });
});

describe('reminders across restarts and instances', () => {
  it('keeps a scheduled reminder through a restart, and sends it once after', async () => {
    const database = await createTestDatabase();
    try {
      const before = await createTestApp({}, { database });
      const { client, userId } = await signedInClient(before);
      await setProfile(client, 'journal_frequency', 'daily');
      const due = await queuedJob(before, reminderKey(userId));
      await before.close();

      const after = await createTestApp({}, { database });
      try {
        advancePast(after, due.runAt);
        await waitFor(
          async () => (await journalNotifications(after, userId, REMINDER_TEXT.title)).length > 0,
          'the reminder after the restart',
        );
        await after.jobs.settled();
        expect(await journalNotifications(after, userId, REMINDER_TEXT.title)).toHaveLength(1);
      } finally {
        await after.close();
      }
    } finally {
      await database.close();
    }
  });

  it.runIf(onPostgres)('sends a reminder once with two instances on one database', async () => {
    const pair = await startTwoInstances();
    try {
      const { client, userId } = await signedInClient(pair.a);
      await setProfile(client, 'journal_frequency', 'daily');
      const due = await queuedJob(pair.a, reminderKey(userId));
      advancePast(pair.a, due.runAt);
      advancePast(pair.b, due.runAt);
      await waitFor(
        async () => (await journalNotifications(pair.a, userId, REMINDER_TEXT.title)).length > 0,
        'the reminder',
      );
      await Promise.all([pair.a.jobs.settled(), pair.b.jobs.settled()]);
      expect(await journalNotifications(pair.b, userId, REMINDER_TEXT.title)).toHaveLength(1);
    } finally {
      await pair.close();
    }
  });
});
