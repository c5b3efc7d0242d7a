import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signedInClient } from '../../test/fixtures/accounts-fixtures';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { onPostgres, startTwoInstances } from '../../test/two-instances';
import { rowsOf, type Database } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { createJobQueue, type JobQueue } from './job-queue';
import { PermanentJobError } from './job-kinds';
import { deleteJobsOfUser } from './jobs.repository';
import { waitFor } from '../../test/fixtures/wait-for';

const notePayload = z.object({ note: z.string() });

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function rowOf(id: string) {
  const rows = await database.db.select().from(jobs).where(eq(jobs.id, id));
  const row = rows[0];
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

async function jobReaches(id: string, status: string) {
  return waitFor(async () => {
    const row = await rowOf(id);
    return row.status === status ? row : null;
  }, `job ${id} to be ${status}`);
}

/** A clock the test moves forward, shared by the queues of one test. */
function testClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

const queues: JobQueue[] = [];
function queueOn(clock = testClock(), options: { lockMs?: number } = {}) {
  const queue = createJobQueue({
    db: database.db,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    now: clock.now,
    pollMs: 50,
    stopGraceMs: 500,
    ...options,
  });
  queues.push(queue);
  return queue;
}
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop()));
});

/** A kind name of its own per test, so one test's jobs never meet another's handler. */
let kinds = 0;
function kind(name: string) {
  return `${name}-${++kinds}-${Date.now()}`;
}

describe('the job queue', () => {
  it('runs a job once, however many workers share the database', async () => {
    const work = kind('once');
    const ran = new Map<string, string[]>();
    const [first, second] = [queueOn(), queueOn()];
    for (const [name, queue] of [
      ['first', first],
      ['second', second],
    ] as const) {
      queue.define(work, { payload: notePayload, concurrency: 3 }, async ({ note }) => {
        ran.set(note, [...(ran.get(note) ?? []), name]);
        await sleep(5);
      });
      await queue.start();
    }
    const notes = Array.from({ length: 30 }, (_, i) => `note ${i}`);
    const ids = await Promise.all(notes.map((note) => first.enqueue(work, { note })));
    for (const id of ids) await jobReaches(id, 'done');
    expect([...ran.keys()].sort()).toEqual([...notes].sort());
    expect([...ran.values()].filter((workers) => workers.length !== 1)).toEqual([]);
  });

  it('retries a failing job after its backoff, then records the failure after the last attempt', async () => {
    const clock = testClock();
    const queue = queueOn(clock);
    const work = kind('flaky');
    let calls = 0;
    const gaveUp: [string, string][] = [];
    queue.define(
      work,
      {
        payload: notePayload,
        maxAttempts: 3,
        backoffMs: (attempt) => attempt * 3_600_000,
        onFailed: ({ note }, error) => Promise.resolve(void gaveUp.push([note, error])),
      },
      () => {
        calls++;
        return Promise.reject(new Error(`mail server down (call ${calls})`));
      },
    );
    await queue.start();
    const id = await queue.enqueue(work, { note: 'hello' });

    const waiting = await waitFor(async () => {
      const row = await rowOf(id);
      return row.status === 'queued' && row.attempts === 1 ? row : null;
    }, 'the first retry to be scheduled');
    expect(waiting.lastError).toBe('mail server down (call 1)');
    // Attempt 1 failed: the next waits backoffMs(1) = one hour.
    expect(waiting.runAt.getTime() - clock.now().getTime()).toBeGreaterThan(3_500_000);
    await queue.settled();
    expect(calls).toBe(1);
    expect(gaveUp).toEqual([]);

    clock.advance(3_600_000);
    await waitFor(async () => (await rowOf(id)).attempts === 2, 'the second attempt');
    clock.advance(2 * 3_600_000);
    const failed = await jobReaches(id, 'failed');
    expect(failed).toMatchObject({ attempts: 3, lastError: 'mail server down (call 3)' });
    expect(failed.finishedAt).not.toBeNull();
    expect(calls).toBe(3);
    // The feature hears of it once, with the payload, to tell the person.
    await waitFor(() => gaveUp.length > 0, 'onFailed');
    expect(gaveUp).toEqual([['hello', 'mail server down (call 3)']]);
  });

  it('succeeds on a later attempt, and fails at once on a PermanentJobError', async () => {
    const queue = queueOn();
    const work = kind('second-time');
    queue.define(work, { payload: notePayload, backoffMs: () => 0 }, ({ note }, job) => {
      if (note === 'hopeless') return Promise.reject(new PermanentJobError('not audio'));
      return job.attempt === 1 ? Promise.reject(new Error('busy')) : Promise.resolve();
    });
    await queue.start();
    const id = await queue.enqueue(work, { note: 'try again' });
    expect(await jobReaches(id, 'done')).toMatchObject({ attempts: 2, lastError: 'busy' });
    const hopeless = await queue.enqueue(work, { note: 'hopeless' });
    expect(await jobReaches(hopeless, 'failed')).toMatchObject({
      attempts: 1,
      lastError: 'not audio',
    });
  });

  it('counts an attempt that runs past its timeout as failed', async () => {
    const queue = queueOn();
    const work = kind('slow');
    queue.define(work, { payload: notePayload, maxAttempts: 1, timeoutMs: 100 }, (_payload, job) =>
      job.attempt === 1 ? sleep(2_000) : Promise.resolve(),
    );
    await queue.start();
    const id = await queue.enqueue(work, { note: 'slow' });
    expect(await jobReaches(id, 'failed')).toMatchObject({
      lastError: 'Timed out after 100 ms.',
    });
  });

  it('refuses a payload its handler would refuse, when it is queued', async () => {
    const queue = queueOn();
    const work = kind('strict');
    queue.define(work, { payload: notePayload }, () => Promise.resolve());
    await expect(queue.enqueue(work, { note: 42 })).rejects.toThrow();
  });

  it('picks up a job whose worker died once its lock has passed, and not before', async () => {
    const clock = testClock();
    const work = kind('orphan');
    const ran: number[] = [];
    const queue = queueOn(clock, { lockMs: 60_000 });
    queue.define(work, { payload: notePayload }, (_payload, job) => {
      ran.push(job.attempt);
      return Promise.resolve();
    });
    const id = await queue.enqueue(work, { note: 'orphan' });
    // A worker took it, then its process died: the lock runs for another minute.
    await database.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'a-dead-server',
        lockedUntil: new Date(clock.now().getTime() + 60_000),
      })
      .where(eq(jobs.id, id));
    await queue.start();
    await queue.settled();
    expect(ran).toEqual([]);
    clock.advance(61_000);
    expect(await jobReaches(id, 'done')).toMatchObject({ attempts: 2, lockedBy: null });
    expect(ran).toEqual([2]);
  });

  it('keeps a long job with its worker: the heartbeat extends the lock', async () => {
    const work = kind('long');
    const ran: string[] = [];
    // A lock of 2 s, a job of 5 s: without heartbeats the second worker would take it.
    const [first, second] = [
      queueOn(undefined, { lockMs: 2_000 }),
      queueOn(undefined, { lockMs: 2_000 }),
    ];
    first.define(work, { payload: notePayload }, async () => {
      ran.push('first');
      await sleep(5_000);
    });
    await first.start();
    const id = await first.enqueue(work, { note: 'long' });
    await waitFor(() => ran.length > 0, 'the first worker to start');
    second.define(work, { payload: notePayload }, () => {
      ran.push('second');
      return Promise.resolve();
    });
    await second.start();
    await jobReaches(id, 'done');
    expect(ran).toEqual(['first']);
    expect((await rowOf(id)).attempts).toBe(1);
  });

  it('fails a job whose worker died on every attempt, rather than dying with it again', async () => {
    const queue = queueOn();
    const work = kind('poison');
    let calls = 0;
    const gaveUp: string[] = [];
    queue.define(
      work,
      {
        payload: notePayload,
        maxAttempts: 2,
        onFailed: ({ note }) => Promise.resolve(void gaveUp.push(note)),
      },
      () => {
        calls++;
        return Promise.resolve();
      },
    );
    const id = await queue.enqueue(work, { note: 'poison' });
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 2, lockedBy: 'dead', lockedUntil: new Date(0) })
      .where(eq(jobs.id, id));
    await queue.start();
    expect(await jobReaches(id, 'failed')).toMatchObject({
      lastError: 'Stopped: its worker went away on each of 2 attempts.',
    });
    expect(calls).toBe(0);
    await waitFor(() => gaveUp.length > 0, 'onFailed');
    expect(gaveUp).toEqual(['poison']);
  });

  it('runs a scheduled job at its time, not before', async () => {
    const clock = testClock();
    const queue = queueOn(clock);
    const work = kind('scheduled');
    const ran: string[] = [];
    queue.define(work, { payload: notePayload }, ({ note }) => {
      ran.push(note);
      return Promise.resolve();
    });
    await queue.start();
    const id = await queue.enqueue(
      work,
      { note: 'tomorrow' },
      { runAt: new Date(clock.now().getTime() + 86_400_000) },
    );
    await queue.settled();
    expect(ran).toEqual([]);
    expect((await rowOf(id)).status).toBe('queued');
    clock.advance(86_400_000);
    await jobReaches(id, 'done');
    expect(ran).toEqual(['tomorrow']);
  });

  it('keeps one pending job per key: queuing again reschedules it', async () => {
    const clock = testClock();
    const queue = queueOn(clock);
    const work = kind('reminder');
    const ran: string[] = [];
    queue.define(work, { payload: notePayload }, ({ note }) => {
      ran.push(note);
      return Promise.resolve();
    });
    await queue.start();
    const key = `${work}:person-1`;
    const inAnHour = new Date(clock.now().getTime() + 3_600_000);
    const inTwoHours = new Date(clock.now().getTime() + 7_200_000);
    const first = await queue.enqueue(work, { note: 'at 9' }, { key, runAt: inAnHour });
    const second = await queue.enqueue(work, { note: 'at 10' }, { key, runAt: inTwoHours });
    expect(second).toBe(first);
    expect(await database.db.select().from(jobs).where(eq(jobs.key, key))).toMatchObject([
      { status: 'queued', runAt: inTwoHours, payload: { note: 'at 10' } },
    ]);

    clock.advance(3_600_000);
    await queue.settled();
    expect(ran).toEqual([]);
    clock.advance(3_600_000);
    await jobReaches(first, 'done');
    expect(ran).toEqual(['at 10']);

    // Once it ran, the key is free for the next one (the reminder after).
    const next = await queue.enqueue(work, { note: 'tomorrow at 10' }, { key, runAt: inTwoHours });
    expect(next).not.toBe(first);
    await jobReaches(next, 'done');
  });

  it('with keepPending leaves a pending job of the key as it is', async () => {
    const clock = testClock();
    const queue = queueOn(clock);
    const work = kind('sweep');
    queue.define(work, { payload: notePayload }, () => Promise.resolve());
    const key = `${work}:once`;
    const inAnHour = new Date(clock.now().getTime() + 3_600_000);
    const first = await queue.enqueue(work, { note: 'cursor 42' }, { key, runAt: inAnHour });
    const again = await queue.enqueue(work, { note: 'from the start' }, { key, keepPending: true });
    expect(again).toBe(first);
    expect(await database.db.select().from(jobs).where(eq(jobs.key, key))).toMatchObject([
      { status: 'queued', runAt: inAnHour, payload: { note: 'cursor 42' } },
    ]);
  });

  it('lets a job queue its own successor under the same key while it runs', async () => {
    const queue = queueOn();
    const work = kind('daily');
    const key = `${work}:person-2`;
    const ran: string[] = [];
    queue.define(work, { payload: notePayload }, async ({ note }, job) => {
      ran.push(note);
      if (note === 'day 1') await job.queue.enqueue(work, { note: 'day 2' }, { key });
    });
    await queue.start();
    const id = await queue.enqueue(work, { note: 'day 1' }, { key });
    await jobReaches(id, 'done');
    await waitFor(() => ran.length === 2, 'the successor');
    expect(ran).toEqual(['day 1', 'day 2']);
  });

  it('cancels the pending job of a key', async () => {
    const clock = testClock();
    const queue = queueOn(clock);
    const work = kind('cancelled');
    const ran: string[] = [];
    queue.define(work, { payload: notePayload }, ({ note }) => {
      ran.push(note);
      return Promise.resolve();
    });
    await queue.start();
    const key = `${work}:person-3`;
    const id = await queue.enqueue(
      work,
      { note: 'never' },
      { key, runAt: new Date(clock.now().getTime() + 60_000) },
    );
    expect(await queue.cancel(key)).toBe(1);
    expect(await queue.cancel(key)).toBe(0);
    clock.advance(120_000);
    await queue.settled();
    expect(ran).toEqual([]);
    expect((await rowOf(id)).status).toBe('cancelled');
  });
});

describe('jobs in the app', () => {
  it('runs a job queued before a restart, after it (same database)', async () => {
    const shared = await createTestDatabase();
    const work = kind('restart');
    try {
      const before = await createTestApp({}, { database: shared });
      before.jobs.define(work, { payload: notePayload }, () => Promise.resolve());
      const id = await before.jobs.enqueue(
        work,
        { note: 'after the restart' },
        { runAt: new Date(before.clock.now().getTime() + 60_000) },
      );
      await before.close();

      const after = await createTestApp({}, { database: shared });
      try {
        const ran: string[] = [];
        after.jobs.define(work, { payload: notePayload }, ({ note }) => {
          ran.push(note);
          return Promise.resolve();
        });
        after.clock.advance(60_000);
        await waitFor(() => ran.length > 0, 'the job after the restart');
        expect(ran).toEqual(['after the restart']);
        const rows = await shared.db.select().from(jobs).where(eq(jobs.id, id));
        await waitFor(async () => {
          const [row] = await shared.db.select().from(jobs).where(eq(jobs.id, id));
          return row?.status === 'done';
        }, 'the job to be done');
        expect(rows).toHaveLength(1);
      } finally {
        await after.close();
      }
    } finally {
      await shared.close();
    }
  });

  it('names the person a job is for, and their jobs go with their data', async () => {
    const app = await createTestApp();
    try {
      const { userId, client } = await signedInClient(app);
      const work = kind('personal');
      app.jobs.define(work, { payload: z.object({ userId: z.uuid() }) }, () => Promise.resolve());
      const id = await app.jobs.enqueue(
        work,
        { userId },
        { runAt: new Date(app.clock.now().getTime() + 3_600_000), key: `${work}:${userId}` },
      );
      const [row] = await app.database.db.select().from(jobs).where(eq(jobs.id, id));
      expect(row?.userId).toBe(userId);

      const response = await client.post('/api/account/delete-data');
      expect(response.status, response.body).toBeLessThan(300);
      expect(await app.database.db.select().from(jobs).where(eq(jobs.userId, userId))).toEqual([]);
      expect(await deleteJobsOfUser(app.database.db, userId)).toBe(0);
    } finally {
      await app.close();
    }
  });
});

// Two instances share a database only on PostgreSQL.
describe.runIf(onPostgres)('jobs across two server instances on one PostgreSQL', () => {
  it('runs each job once, on whichever instance claims it', async () => {
    const instances = await startTwoInstances();
    try {
      const work = kind('shared');
      const ran = new Map<string, string[]>();
      for (const [name, app] of [
        ['a', instances.a],
        ['b', instances.b],
      ] as const) {
        app.jobs.define(work, { payload: notePayload, concurrency: 2 }, async ({ note }) => {
          ran.set(note, [...(ran.get(note) ?? []), name]);
          await sleep(20);
        });
      }
      const notes = Array.from({ length: 20 }, (_, i) => `note ${i}`);
      for (const [i, note] of notes.entries())
        await (i % 2 ? instances.a : instances.b).jobs.enqueue(work, { note });
      await waitFor(() => ran.size === notes.length, 'every job to run', 30_000);
      await Promise.all([instances.a.jobs.settled(), instances.b.jobs.settled()]);
      expect([...ran.values()].filter((where) => where.length !== 1)).toEqual([]);
      const result = await instances.database.db.execute(
        sql`select count(*)::int as done from jobs where kind = ${work} and status = 'done'`,
      );
      expect(rowsOf<{ done: number }>(result)[0]?.done).toBe(20);
    } finally {
      await instances.close();
    }
  });
});
