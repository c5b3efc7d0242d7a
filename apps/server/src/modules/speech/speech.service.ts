import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  TRANSCRIBE_NOW_MAX_SECONDS,
  TRANSCRIBE_QUEUED_MAX_SECONDS,
  type SpeechStatus,
} from '@kaleido/shared/speech/speech.schemas';
import { AppError, tooManyRequests } from '../../http/errors';
import { PermanentJobError } from '../../jobs/job-kinds';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { FilesService } from '../files/files.service';
import {
  TRANSCRIPTION_JOB_KIND,
  transcriptionKeyOf,
  type TranscriptionJobsRepository,
} from './transcription-jobs.repository';
import { probeDurationSeconds } from './audio-probe';
import { TempSpaceError } from './pocketsphinx-engine';
import {
  AudioDecodeError,
  AudioTooLongError,
  type TranscriptionEngine,
} from './transcription-engine';

/**
 * Refuses audio longer than the cap before an engine decodes it; what the container does not
 * say is caught by the engine's own cap while decoding.
 */
async function transcribeWithin(engine: TranscriptionEngine, path: string, maxSeconds: number) {
  const seconds = await probeDurationSeconds(path, maxSeconds);
  if (seconds !== null && seconds > maxSeconds) throw new AudioTooLongError(maxSeconds);
  return engine.transcribe(path, { maxSeconds });
}

export type SpeechService = ReturnType<typeof createSpeechService>;

/** What a feature does with the text of audio it queued (a voice note, a chat message, ...). */
export interface TranscriptionTarget {
  onTranscribed(targetId: string, text: string): Promise<void>;
  onFailed?(targetId: string, error: string): Promise<void>;
}

const MAX_ATTEMPTS = 3;
const ENGINE_RECHECK_MS = 30_000;

/**
 * Transcription as background jobs (kind `transcription` on the shared job queue): at most
 * `concurrency` at a time per instance, retried with backoff, picked up again after a restart.
 * With no engine available the jobs wait, and run once one appears.
 */
export function createSpeechService(deps: {
  engines: TranscriptionEngine[];
  jobs: TranscriptionJobsRepository;
  queue: JobQueue;
  files: FilesService;
  bus: EventBus;
  log: FastifyBaseLogger;
  concurrency: number;
}) {
  const targets = new Map<string, TranscriptionTarget>();
  let engine: TranscriptionEngine | null = null;
  let engineCheckedAt = 0;

  let checking: Promise<TranscriptionEngine | null> | null = null;

  /** The first available engine; looked for again every 30 s while there is none. */
  function currentEngine(): Promise<TranscriptionEngine | null> {
    if (engine) return Promise.resolve(engine);
    // Callers during a check share it, rather than seeing "none" before it has finished.
    if (checking) return checking;
    if (Date.now() - engineCheckedAt < ENGINE_RECHECK_MS) return Promise.resolve(null);
    engineCheckedAt = Date.now();
    checking = (async () => {
      for (const candidate of deps.engines) {
        if (await candidate.available()) {
          engine = candidate;
          deps.log.info({ engine: candidate.name }, 'transcription engine available');
          break;
        }
      }
      return engine;
    })().finally(() => {
      checking = null;
    });
    return checking;
  }

  async function publish(
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
    await deps.bus.publish({ room: userRoom(ownerId), name: 'transcription.updated', data });
  }

  const payloadSchema = z.object({
    userId: z.uuid(),
    fileId: z.uuid(),
    targetKind: z.string(),
    targetId: z.string(),
  });

  async function transcribeJob(job: z.infer<typeof payloadSchema>, { id }: { id: string }) {
    const event = { jobId: id, targetKind: job.targetKind, targetId: job.targetId };
    let text: string;
    try {
      // `ready` let the queue hand us the job only with an engine, so this finds one.
      const active = await currentEngine();
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
    await publish(job.userId, { ...event, status: 'done', text });
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
      ready: async () => (await currentEngine()) !== null,
      // For good: after the last attempt, on undecodable audio, or if the job kept killing its worker.
      async onFailed(job, error, { id }) {
        await targets.get(job.targetKind)?.onFailed?.(job.targetId, error);
        await publish(job.userId, {
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

  /** People with a transcribe-audio call in progress. */
  const runningNow = new Set<string>();

  async function transcribeFile(audio: Buffer): Promise<string> {
    const active = await currentEngine();
    if (!active)
      throw new AppError(503, 'Transcription is not available on this server.', {
        code: 'STT_UNAVAILABLE',
      });
    const dir = join(tmpdir(), 'kaleido-stt');
    await mkdir(dir, { recursive: true });
    const path = join(dir, `${randomUUID()}.webm`);
    await writeFile(path, audio);
    try {
      return await transcribeWithin(active, path, TRANSCRIBE_NOW_MAX_SECONDS);
    } catch (error) {
      if (error instanceof AudioTooLongError)
        throw new AppError(413, error.message, { code: 'AUDIO_TOO_LONG' });
      if (error instanceof AudioDecodeError)
        throw new AppError(422, 'Failed to process audio recording.', {
          code: 'AUDIO_UNREADABLE',
        });
      if (error instanceof TempSpaceError) {
        deps.log.error({ err: error }, 'no temporary space to decode audio');
        throw new AppError(
          507,
          'The server has no room to decode the recording right now. Please try again later.',
          {
            code: 'STORAGE_FULL',
          },
        );
      }
      throw error;
    } finally {
      await rm(path, { force: true });
    }
  }

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

    async status(): Promise<SpeechStatus> {
      const active = await currentEngine();
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

    /**
     * The spec's transcribe-audio function: base64 audio in, text out, synchronously. Each call
     * holds up to 10 MB of audio and its decoded copy on disk and a core while it runs, so one
     * runs per person and `concurrency` in all; more wait their turn in the client (429).
     */
    async transcribeNow(userId: string, audio: Buffer): Promise<string> {
      // Taken before any await, so two requests arriving together cannot both pass.
      if (runningNow.has(userId)) {
        throw tooManyRequests(
          5,
          'Your previous recording is still being transcribed. Please wait for it to finish.',
        );
      }
      if (runningNow.size >= deps.concurrency) {
        throw tooManyRequests(
          10,
          'The server is busy transcribing other recordings. Please try again in a moment.',
        );
      }
      runningNow.add(userId);
      try {
        return await transcribeFile(audio);
      } finally {
        runningNow.delete(userId);
      }
    },
  };
}
