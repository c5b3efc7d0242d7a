import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { jobs } from '../db/schema/jobs';

export type JobRow = typeof jobs.$inferSelect;

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  attempt: number;
  maxAttempts: number;
}

/** Only SQL: the queue's rules live in job-queue.ts. */
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

    /**
     * Takes the earliest due job of the given kinds, or one whose worker stopped sending
     * heartbeats, in one statement; SKIP LOCKED keeps two workers from taking the same row.
     */
    async claim(
      kinds: string[],
      worker: string,
      now: Date,
      lockMs: number,
      /** Among `kinds`, those whose people take turns (see `servedAt`). */
      fairKinds: string[] = [],
    ): Promise<ClaimedJob | null> {
      if (kinds.length === 0) return null;
      const lockedUntil = new Date(now.getTime() + lockMs);
      const list = (names: string[]) =>
        sql.join(
          names.map((k) => sql`${k}`),
          sql`, `,
        );
      // Fair kinds: the person served least recently first (never, then longest ago), so one
      // person's hundred queued jobs wait behind another's one; other kinds keep their order.
      const turns =
        fairKinds.length === 0
          ? sql``
          : sql`left join (${servedAt(list(fairKinds), now)}) served
              on served.kind = j.kind and served.user_id = j.user_id`;
      const order =
        fairKinds.length === 0
          ? sql`j.run_at, j.created_at`
          : sql`served.served_at nulls first, j.run_at, j.created_at`;
      const result = await db.execute(sql`
        update jobs set status = 'running', attempts = attempts + 1,
          locked_by = ${worker}, locked_until = ${lockedUntil}
        where id = (
          select j.id from jobs j ${turns}
          where j.kind in (${list(kinds)})
            and ((j.status = 'queued' and j.run_at <= ${now})
              or (j.status = 'running' and j.locked_until < ${now}))
          order by ${order}
          for update of j skip locked
          limit 1
        )
        returning id, kind, payload, attempts, max_attempts`);
      const row = rowsOf<{
        id: string;
        kind: string;
        payload: unknown;
        attempts: number;
        max_attempts: number;
      }>(result)[0];
      return row
        ? {
            id: row.id,
            kind: row.kind,
            payload: row.payload,
            attempt: row.attempts,
            maxAttempts: row.max_attempts,
          }
        : null;
    },

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

    async cancel(key: string, now: Date): Promise<number> {
      const rows = await db
        .update(jobs)
        .set({ status: 'cancelled', finishedAt: now })
        .where(and(eq(jobs.key, key), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id });
      return rows.length;
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

export type JobsRepository = ReturnType<typeof createJobsRepository>;

/** How far back a person's finished jobs count as their last turn. */
const TURN_MEMORY_MS = 24 * 3_600_000;

/**
 * When each person was last served, per fair kind: now ('infinity') while a job of theirs runs
 * under a live lock, else when their last job finished (within TURN_MEMORY_MS).
 */
function servedAt(kinds: SQL, now: Date) {
  return sql`
    select s.kind, s.user_id,
      max(case when s.status = 'running' then 'infinity'::timestamptz else s.finished_at end)
        as served_at
    from jobs s
    where s.kind in (${kinds}) and s.user_id is not null
      and ((s.status = 'running' and s.locked_until >= ${now})
        or (s.status in ('done', 'failed')
          and s.finished_at > ${new Date(now.getTime() - TURN_MEMORY_MS)}))
    group by s.kind, s.user_id`;
}

function held(id: string, worker: string, attempt: number) {
  return and(
    eq(jobs.id, id),
    eq(jobs.status, 'running'),
    eq(jobs.lockedBy, worker),
    eq(jobs.attempts, attempt),
  );
}

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
