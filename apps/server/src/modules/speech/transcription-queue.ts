import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  TRANSCRIBE_QUEUED_MAX_SECONDS,
  type SpeechStatus,
} from '@kaleido/shared/speech/speech.schemas';
import { PermanentJobError } from '../../jobs/job-kinds';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { FilesService } from '../files/files.service';
import { transcribeWithin, type ActiveEngine } from './active-engine';
import { AudioDecodeError } from './transcription-engine';
import {
  TRANSCRIPTION_JOB_KIND,
  transcriptionKeyOf,
  type TranscriptionJobsRepository,
} from './transcription-jobs.repository';

export type TranscriptionQueue = ReturnType<typeof createTranscriptionQueue>;

/** What a feature does with the text of audio it queued (a voice note, a chat message, ...). */
export interface TranscriptionTarget {
  onTranscribed(targetId: string, text: string): Promise<void>;
  onFailed?(targetId: string, error: string): Promise<void>;
}

const MAX_ATTEMPTS = 3;

const payloadSchema = z.object({
  userId: z.uuid(),
  fileId: z.uuid(),
  targetKind: z.string(),
  targetId: z.string(),
});

/** Tells the owner's tabs how their transcription went. */
async function publish(
  bus: EventBus,
  ownerId: string,
  data: {
    jobId: string;
    targetKind: string;
    targetId: string;
    status: 'done' | 'failed' | 'queued';
    text?: string;
    error?: string;
  },
) {
  await bus.publish({ room: userRoom(ownerId), name: 'transcription.updated', data });
}

/**
 * Transcription as background jobs (kind `transcription` on the shared job queue): at most
 * `concurrency` at a time per instance, retried with backoff, picked up again after a restart.
 * With no engine available the jobs wait, and run once one appears.
 */
export function createTranscriptionQueue(deps: {
  engine: ActiveEngine;
  jobs: TranscriptionJobsRepository;
  queue: JobQueue;
  files: Pick<FilesService, 'find' | 'localCopy'>;
  bus: EventBus;
  log: FastifyBaseLogger;
  concurrency: number;
}) {
  const targets = new Map<string, TranscriptionTarget>();

  async function transcribeJob(job: z.infer<typeof payloadSchema>, { id }: { id: string }) {
    const event = { jobId: id, targetKind: job.targetKind, targetId: job.targetId };
    let text: string;
    try {
      // `ready` let the queue hand us the job only with an engine, so this finds one.
      const active = await deps.engine.current();
      if (!active) throw new Error('No transcription engine is available.');
      const file = await deps.files.find(job.fileId);
      if (!file) throw new AudioDecodeError('The audio file no longer exists.');
      const copy = await deps.files.localCopy(file);
      try {
        text = await transcribeWithin(active, copy.path, TRANSCRIBE_QUEUED_MAX_SECONDS);
      } finally {
        await copy.release();
      }
    } catch (error) {
      // Undecodable audio will not improve with retries; other errors are retried.
      if (error instanceof AudioDecodeError) throw new PermanentJobError(error.message);
      throw error;
    }
    await targets.get(job.targetKind)?.onTranscribed(job.targetId, text);
    await publish(deps.bus, job.userId, { ...event, status: 'done', text });
  }

  deps.queue.define(
    TRANSCRIPTION_JOB_KIND,
    {
      payload: payloadSchema,
      // One job per core, leaving one core to the web server.
      concurrency: deps.concurrency,
      // People take turns: hours queued by one cannot hold up another's minute (N9).
      fairShare: true,
      maxAttempts: MAX_ATTEMPTS,
      backoffMs: (attempt) => 30_000 * 2 ** (attempt - 1),
      // With no engine the jobs wait, and run once one appears.
      ready: async () => (await deps.engine.current()) !== null,
      // For good: after the last attempt, on undecodable audio, or if the job kept killing its worker.
      async onFailed(job, error, { id }) {
        await targets.get(job.targetKind)?.onFailed?.(job.targetId, error);
        await publish(deps.bus, job.userId, {
          jobId: id,
          targetKind: job.targetKind,
          targetId: job.targetId,
          status: 'failed',
          error,
        });
      },
    },
    transcribeJob,
  );

  return {
    registerTarget(kind: string, target: TranscriptionTarget) {
      targets.set(kind, target);
    },

    /** Queues the audio; a transcription still pending for the same target is replaced. */
    async enqueue(job: { ownerId: string; fileId: string; targetKind: string; targetId: string }) {
      const { ownerId, fileId, targetKind, targetId } = job;
      const id = await deps.queue.enqueue(
        TRANSCRIPTION_JOB_KIND,
        { userId: ownerId, fileId, targetKind, targetId },
        { key: transcriptionKeyOf(targetKind, targetId) },
      );
      return { id, targetKind, targetId };
    },

    latestForTarget: (kind: string, id: string) => deps.jobs.latestForTarget(kind, id),

    /** Whether an engine is available, which, and the queue's counts (health, admin, the page). */
    async status(): Promise<SpeechStatus> {
      const active = await deps.engine.current();
      const counts = await deps.jobs.countsByStatus();
      return {
        available: active !== null,
        engine: active?.name ?? null,
        detail: active
          ? active.description
          : 'Transcription is off: install ffmpeg, pocketsphinx and pocketsphinx-en-us, or set STT_BASE_URL to an OpenAI-compatible service. Audio is kept and will be transcribed once an engine is available.',
        queue: {
          queued: counts.queued ?? 0,
          running: counts.running ?? 0,
          failed: counts.failed ?? 0,
        },
      };
    },
  };
}
