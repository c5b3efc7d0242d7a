import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { jobs } from '../db/schema/jobs';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Jobs put in and taken out of the queue; only SQL, the queue's rules live in job-queue.ts (which
 * job runs next: job-claims.repository.ts; how a running one ends: held-jobs.repository.ts).
 */
export function createJobsRepository(db: Db) {
  return {
    /**
     * Adds a job; with a key, the queued job of that key (if any) is replaced in place, in one
     * statement, so two instances rescheduling the same reminder still leave one.
     */
    async insert(job: {
      kind: string;
      payload: unknown;
      runAt: Date;
      maxAttempts: number;
      key: string | null;
      /** With a key: a pending job of that key stays as it is (its id is returned). */
      keepPending: boolean;
      userId: string | null;
      now: Date;
    }): Promise<string> {
      const onConflict = job.keepPending
        ? sql`do update set key = jobs.key`
        : sql`do update set
          kind = excluded.kind, payload = excluded.payload, run_at = excluded.run_at,
          max_attempts = excluded.max_attempts, user_id = excluded.user_id,
          attempts = 0, last_error = null`;
      const result = await db.execute(sql`
        insert into jobs (kind, payload, run_at, max_attempts, key, user_id, created_at)
        values (${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt},
                ${job.maxAttempts}, ${job.key}, ${job.userId}, ${job.now})
        on conflict (key) where status = 'queued' ${onConflict}
        returning id`);
      const row = rowsOf<{ id: string }>(result)[0];
      if (!row) throw new Error('job insert returned no row');
      return row.id;
    },

    async cancel(key: string, now: Date): Promise<number> {
      const rows = await db
        .update(jobs)
        .set({ status: 'cancelled', finishedAt: now })
        .where(and(eq(jobs.key, key), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id });
      return rows.length;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;

/** The newest job of a key, whatever its state (a feature showing "transcribing…" or "failed"). */
export async function latestJobOfKey(db: Db, key: string): Promise<JobRow | null> {
  const rows = await db
    .select()
    .from(jobs)
    .where(eq(jobs.key, key))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** How many jobs of a kind are in each state (status pages). */
export async function countJobsByStatus(db: Db, kind: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.kind, kind))
    .groupBy(jobs.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.count]));
}

/**
 * "Delete my data": a person's jobs (their payloads name them) go, pending or past; a job
 * running now finds its row gone and its result is dropped. With the account, the rows go by
 * cascade anyway. Returns how many rows went.
 */
export async function deleteJobsOfUser(db: Db, userId: string): Promise<number> {
  const rows = await db.delete(jobs).where(eq(jobs.userId, userId)).returning({ id: jobs.id });
  return rows.length;
}
