import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../test/test-database';
import { waitFor } from '../../test/fixtures/wait-for';
import type { Database } from '../db/client';
import { users } from '../db/schema/auth';
import { createJobQueue, type JobQueue } from './job-queue';

/**
 * Issue 24 N9: transcription ran in queue order for the whole instance, so one person's two
 * 58-minute uploads kept another's 2-second entry pending for more than four minutes, and a
 * hundred would for hours. A fair kind now takes turns between people.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function person(name: string): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({ name, email: `${name}.${process.pid}.${Date.now()}@example.com` })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

function queueOn(): JobQueue {
  return createJobQueue({
    db: database.db,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    pollMs: 50,
    stopGraceMs: 500,
  });
}

const payload = z.object({ userId: z.uuid(), name: z.string() });

/** Queues A's five jobs, then B's two, starts one worker and answers the order they ran in. */
async function runOrder(kind: string, fairShare: boolean) {
  const [ada, bob] = [await person('ada'), await person('bob')];
  const queue = queueOn();
  const ran: string[] = [];
  queue.define(kind, { payload, concurrency: 1, fairShare }, async (job) => {
    ran.push(job.name);
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
  const start = Date.now() - 60_000;
  // A's long jobs were queued first, and earlier: queue order alone would run them all first.
  for (let i = 1; i <= 5; i++)
    await queue.enqueue(kind, { userId: ada, name: `A${i}` }, { runAt: new Date(start + i) });
  for (let i = 1; i <= 2; i++)
    await queue.enqueue(kind, { userId: bob, name: `B${i}` }, { runAt: new Date(start + 100 + i) });
  await queue.start();
  try {
    await waitFor(() => Promise.resolve(ran.length === 7 ? ran : null), 'all seven jobs to run');
    return ran;
  } finally {
    await queue.stop();
  }
}

describe('a fair job kind', () => {
  it("takes turns between people: B's job runs after A's first, not after all of A's", async () => {
    expect(await runOrder(`fair-${Date.now()}`, true)).toEqual([
      'A1',
      'B1',
      'A2',
      'B2',
      'A3',
      'A4',
      'A5',
    ]);
  }, 60_000);

  it('other kinds keep queue order', async () => {
    expect(await runOrder(`plain-${Date.now()}`, false)).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
      'B1',
      'B2',
    ]);
  }, 60_000);
});
