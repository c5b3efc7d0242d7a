import type { z } from 'zod';

export interface JobKindOptions<P> {
  payload: z.ZodType<P>;
  /** Jobs of this kind running at once in this instance (default 1). */
  concurrency?: number;
  /**
   * Jobs of this kind take turns between people (the payload's `userId`): the next job is the
   * one of the person served least recently, so one person's hours of queued work cannot hold
   * up another's minute (issue 24, N9). Without it, jobs run in `runAt` order.
   */
  fairShare?: boolean;
  /** Attempts before the job is `failed` (default 3); a worker that died counts as one. */
  maxAttempts?: number;
  /** Wait before attempt `attempt + 1` after attempt `attempt` failed (default 30 s doubling, at most 1 h). */
  backoffMs?: (attempt: number) => number;
  /** An attempt running longer counts as failed (the handler is not interrupted); default none. */
  timeoutMs?: number;
  /**
   * Whether this instance can run the kind now (transcription: an engine is available). While it
   * says no, jobs of the kind wait in the queue untouched, attempts unspent.
   */
  ready?: () => Promise<boolean>;
  /**
   * Called once when a job of this kind is `failed` for good (last attempt, PermanentJobError,
   * or its worker died on every attempt), so the feature can tell the person; its own errors
   * are logged, not retried.
   */
  onFailed?: (payload: P, error: string, job: { id: string; attempt: number }) => Promise<void>;
}

/**
 * Thrown by a handler when trying again cannot help (the audio is not audio): the job is
 * `failed` at once, with this message as its `last_error`.
 */
export class PermanentJobError extends Error {}

export function defaultBackoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
}

/** A kind as this instance runs it: stored without its payload type, parsed before the handler. */
export interface DefinedKind {
  options: JobKindOptions<unknown>;
  handler: (payload: unknown, job: { id: string; attempt: number }) => Promise<void>;
  /** Its jobs running now in this instance (against `options.concurrency`). */
  running: number;
}
