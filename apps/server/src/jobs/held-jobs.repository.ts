import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/jobs';

export type HeldJobsRepository = ReturnType<typeof createHeldJobsRepository>;

/**
 * What a worker writes about a job it holds: its heartbeat and how the attempt ended. Each write
 * applies only while the job is still this worker's attempt (its lock may have passed to another).
 */
export function createHeldJobsRepository(db: Db) {
  return {
    /** False once the job is no longer this worker's (its lock passed and another took it). */
    async extendLock(id: string, worker: string, attempt: number, until: Date) {
      const rows = await db
        .update(jobs)
        .set({ lockedUntil: until })
        .where(held(id, worker, attempt))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    async complete(id: string, worker: string, attempt: number, now: Date) {
      await db
        .update(jobs)
        .set({ status: 'done', lockedBy: null, lockedUntil: null, finishedAt: now })
        .where(held(id, worker, attempt));
    },

    async retryAt(id: string, worker: string, attempt: number, error: string, at: Date) {
      await db
        .update(jobs)
        .set({ status: 'queued', runAt: at, lockedBy: null, lockedUntil: null, lastError: error })
        .where(held(id, worker, attempt));
    },

    /** False if the job was no longer this worker's to fail. */
    async fail(id: string, worker: string, attempt: number, error: string, now: Date) {
      const rows = await db
        .update(jobs)
        .set({
          status: 'failed',
          lockedBy: null,
          lockedUntil: null,
          lastError: error,
          finishedAt: now,
        })
        .where(held(id, worker, attempt))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * The embedded database belongs to one process: what a previous run left running is not
     * running any more, so its lock ends now instead of at its heartbeat deadline.
     */
    async expireLocks(now: Date) {
      await db.update(jobs).set({ lockedUntil: now }).where(eq(jobs.status, 'running'));
    },
  };
}

function held(id: string, worker: string, attempt: number) {
  return and(
    eq(jobs.id, id),
    eq(jobs.status, 'running'),
    eq(jobs.lockedBy, worker),
    eq(jobs.attempts, attempt),
  );
}
