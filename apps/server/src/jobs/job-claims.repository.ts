import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  attempt: number;
  maxAttempts: number;
}

export type JobClaimsRepository = ReturnType<typeof createJobClaimsRepository>;

/** Which job a worker takes next, and whose turn it is; only SQL, the rules are in job-queue.ts. */
export function createJobClaimsRepository(db: Db) {
  return {
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
  };
}

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
