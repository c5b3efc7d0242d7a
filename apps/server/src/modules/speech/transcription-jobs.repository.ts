import type { Db } from '../../db/client';
import { countJobsByStatus, latestJobOfKey } from '../../jobs/jobs.repository';

/** The job queue's name for transcription work (`jobs.kind`). */
export const TRANSCRIPTION_JOB_KIND = 'transcription';

/**
 * One transcription pending per target: queuing it again (transcribe again) replaces the
 * pending one, and the newest job of the key tells the target's state.
 */
export function transcriptionKeyOf(targetKind: string, targetId: string) {
  return `transcription:${targetKind}:${targetId}`;
}

export type TranscriptionJobsRepository = ReturnType<typeof createTranscriptionJobsRepository>;

/** What the speech module reads of its jobs in the shared `jobs` table. */
export function createTranscriptionJobsRepository(db: Db) {
  return {
    latestForTarget: (targetKind: string, targetId: string) =>
      latestJobOfKey(db, transcriptionKeyOf(targetKind, targetId)),
    countsByStatus: () => countJobsByStatus(db, TRANSCRIPTION_JOB_KIND),
  };
}
