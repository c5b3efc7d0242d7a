import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SpeechStatus } from '@kaleido/shared/speech/speech.schemas';
import { AppError } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { FilesService } from '../files/files.service';
import type { createTranscriptionJobsRepository } from './transcription-jobs.repository';
import { AudioDecodeError, type TranscriptionEngine } from './transcription-engine';

export type SpeechService = ReturnType<typeof createSpeechService>;

/** What a feature does with the text of audio it queued (a voice note, a chat message, ...). */
export interface TranscriptionTarget {
  onTranscribed(targetId: string, text: string): Promise<void>;
  onFailed?(targetId: string, error: string): Promise<void>;
}

const MAX_ATTEMPTS = 3;
const LOCK_MS = 60_000;
const POLL_MS = 2_000;
const ENGINE_RECHECK_MS = 30_000;

/**
 * Transcription as background jobs in the database: at most `concurrency` at a time (one per
 * core, leaving one to the web server), retried with backoff, picked up again after a restart.
 * With no engine available the jobs wait, and run once one appears.
 */
export function createSpeechService(deps: {
  engines: TranscriptionEngine[];
  jobs: ReturnType<typeof createTranscriptionJobsRepository>;
  files: FilesService;
  bus: EventBus;
  log: FastifyBaseLogger;
  concurrency: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const targets = new Map<string, TranscriptionTarget>();
  let engine: TranscriptionEngine | null = null;
  let engineCheckedAt = 0;
  let stopped = true;

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

  async function runOne(): Promise<boolean> {
    // The engine is known before a job is claimed, so a claimed job always has one to run on.
    const active = await currentEngine();
    if (!active) return false;
    const job = await deps.jobs.claimNext(now(), LOCK_MS);
    if (!job) return false;
    // Keep the lock fresh while the engine works, so a crash frees the job within a minute.
    const heartbeat = setInterval(() => {
      deps.jobs.extendLock(job.id, new Date(now().getTime() + LOCK_MS)).catch(() => undefined);
    }, LOCK_MS / 3);
    try {
      const file = await deps.files.find(job.fileId);
      if (!file) throw new AudioDecodeError('The audio file no longer exists.');
      const copy = await deps.files.localCopy(file);
      let text: string;
      try {
        text = await active.transcribe(copy.path);
      } finally {
        await copy.release();
      }
      await deps.jobs.complete(job.id, text, now());
      await targets.get(job.targetKind)?.onTranscribed(job.targetId, text);
      await publish(job.ownerId, {
        jobId: job.id,
        targetKind: job.targetKind,
        targetId: job.targetId,
        status: 'done',
        text,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Undecodable audio will not improve with retries.
      const final = error instanceof AudioDecodeError || job.attempts >= MAX_ATTEMPTS;
      deps.log.warn(
        { err: error, jobId: job.id, attempt: job.attempts, final },
        'transcription failed',
      );
      if (final) {
        await deps.jobs.fail(job.id, message, now());
        await targets.get(job.targetKind)?.onFailed?.(job.targetId, message);
        await publish(job.ownerId, {
          jobId: job.id,
          targetKind: job.targetKind,
          targetId: job.targetId,
          status: 'failed',
          error: message,
        });
      } else {
        const backoffMs = 30_000 * 2 ** (job.attempts - 1);
        await deps.jobs.retryLater(job.id, message, new Date(now().getTime() + backoffMs), now());
      }
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  }

  // Workers sleep between polls; an enqueue wakes them at once.
  const sleepers = new Set<() => void>();
  function wakeAll() {
    for (const wake of sleepers) wake();
    sleepers.clear();
  }
  function nap(): Promise<void> {
    return new Promise((resolve) => {
      sleepers.add(resolve);
      setTimeout(resolve, POLL_MS).unref();
    });
  }

  async function worker() {
    while (!stopped) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (error) {
        deps.log.error({ err: error }, 'transcription worker error');
      }
      if (!worked) await nap();
    }
  }

  return {
    registerTarget(kind: string, target: TranscriptionTarget) {
      targets.set(kind, target);
    },

    async enqueue(job: { ownerId: string; fileId: string; targetKind: string; targetId: string }) {
      const row = await deps.jobs.enqueue(job, now());
      wakeAll();
      return row;
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

    /** The spec's transcribe-audio function: base64 audio in, text out, synchronously. */
    async transcribeNow(audio: Buffer): Promise<string> {
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
        return await active.transcribe(path);
      } catch (error) {
        if (error instanceof AudioDecodeError)
          throw new AppError(422, 'Failed to process audio recording.', {
            code: 'AUDIO_UNREADABLE',
          });
        throw error;
      } finally {
        await rm(path, { force: true });
      }
    },

    /**
     * Starts the workers. `sole` (the embedded database: one process) first requeues jobs a
     * previous run left running; with several instances, an expired lock does that.
     */
    async start(options: { sole: boolean }) {
      if (options.sole) await deps.jobs.requeueRunning(now());
      stopped = false;
      for (let i = 0; i < deps.concurrency; i++) void worker();
    },

    /** Stops taking jobs; one in progress is picked up again after its lock lapses. */
    stop() {
      stopped = true;
      wakeAll();
    },
  };
}
