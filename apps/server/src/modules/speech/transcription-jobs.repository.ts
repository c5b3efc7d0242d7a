import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { transcriptionJobs } from '../../db/schema/speech';

export type TranscriptionJob = typeof transcriptionJobs.$inferSelect;

interface ClaimedRow {
  id: string;
  owner_id: string;
  file_id: string;
  target_kind: string;
  target_id: string;
  attempts: number;
}

export function createTranscriptionJobsRepository(db: Db) {
  return {
    async enqueue(
      job: { ownerId: string; fileId: string; targetKind: string; targetId: string },
      now: Date,
    ) {
      const rows = await db
        .insert(transcriptionJobs)
        .values({ ...job, nextRunAt: now, createdAt: now, updatedAt: now })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('job insert returned no row');
      return row;
    },

    /**
     * Takes the oldest due job (or one abandoned by a crashed worker) in one statement;
     * SKIP LOCKED keeps two workers from taking the same job.
     */
    async claimNext(now: Date, lockMs: number) {
      const lockedUntil = new Date(now.getTime() + lockMs);
      const result = await db.execute(sql`
        update transcription_jobs set status = 'running', attempts = attempts + 1,
          locked_until = ${lockedUntil}, updated_at = ${now}
        where id = (
          select id from transcription_jobs
          where (status = 'queued' and next_run_at <= ${now})
             or (status = 'running' and locked_until < ${now})
          order by created_at
          for update skip locked
          limit 1
        )
        returning id, owner_id, file_id, target_kind, target_id, attempts`);
      const row = rowsOf<ClaimedRow>(result)[0];
      return row
        ? {
            id: row.id,
            ownerId: row.owner_id,
            fileId: row.file_id,
            targetKind: row.target_kind,
            targetId: row.target_id,
            attempts: row.attempts,
          }
        : null;
    },

    async extendLock(id: string, until: Date) {
      await db
        .update(transcriptionJobs)
        .set({ lockedUntil: until })
        .where(and(eq(transcriptionJobs.id, id), eq(transcriptionJobs.status, 'running')));
    },

    /** Jobs left running by a process that is gone go back to the queue. */
    async requeueRunning(now: Date) {
      await db
        .update(transcriptionJobs)
        .set({ status: 'queued', lockedUntil: null, nextRunAt: now, updatedAt: now })
        .where(eq(transcriptionJobs.status, 'running'));
    },

    async complete(id: string, text: string, now: Date) {
      await db
        .update(transcriptionJobs)
        .set({ status: 'done', text, lockedUntil: null, lastError: null, updatedAt: now })
        .where(eq(transcriptionJobs.id, id));
    },

    async retryLater(id: string, error: string, at: Date, now: Date) {
      await db
        .update(transcriptionJobs)
        .set({
          status: 'queued',
          nextRunAt: at,
          lockedUntil: null,
          lastError: error,
          updatedAt: now,
        })
        .where(eq(transcriptionJobs.id, id));
    },

    async fail(id: string, error: string, now: Date) {
      await db
        .update(transcriptionJobs)
        .set({ status: 'failed', lockedUntil: null, lastError: error, updatedAt: now })
        .where(eq(transcriptionJobs.id, id));
    },

    async latestForTarget(targetKind: string, targetId: string) {
      const rows = await db
        .select()
        .from(transcriptionJobs)
        .where(
          and(
            eq(transcriptionJobs.targetKind, targetKind),
            eq(transcriptionJobs.targetId, targetId),
          ),
        )
        .orderBy(sql`${transcriptionJobs.createdAt} desc`)
        .limit(1);
      return rows[0] ?? null;
    },

    async countsByStatus(): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: transcriptionJobs.status, count: sql<number>`count(*)::int` })
        .from(transcriptionJobs)
        .groupBy(transcriptionJobs.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.count]));
    },
  };
}
