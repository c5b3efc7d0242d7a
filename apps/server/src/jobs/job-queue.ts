import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { createHeldJobsRepository } from './held-jobs.repository';
import { createJobClaimsRepository, type ClaimedJob } from './job-claims.repository';
import { createJobsRepository } from './jobs.repository';

/**
 * Background work for every feature (docs/decisions/015-one-job-queue.md): jobs are rows,
 * claimed with SKIP LOCKED, so a job fires once however many server instances share the
 * database, runs at its `runAt`, and survives restarts.
 */
export interface JobQueue {
  /** A handler per kind; payload validated with the zod schema given. */
  define<P>(
    kind: string,
    options: JobKindOptions<P>,
    handler: (payload: P, job: { id: string; attempt: number; queue: JobQueue }) => Promise<void>,
  ): void;
  /**
   * Returns the job id; with `key`, replaces the pending job of that key (reschedule) instead of
   * adding a second, or with `keepPending` leaves a pending one as it is and returns its id.
   */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the agreed API: callers may name the payload type
  enqueue<P>(
    kind: string,
    payload: P,
    options?: { runAt?: Date; key?: string; maxAttempts?: number; keepPending?: boolean },
  ): Promise<string>;
  /** Cancels pending jobs with this key; returns how many. */
  cancel(key: string): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolves once a look for due jobs, begun after the call, found none while no job of this
   * instance ran: nothing is left to do until a scheduled job's time comes (at once when stopped).
   * Tests await it to show that nothing more runs, where they would otherwise sleep a poll or two.
   */
  settled(): Promise<void>;
}

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

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_POLL_MS = 2_000;
const DEFAULT_LOCK_MS = 60_000;
const DEFAULT_STOP_GRACE_MS = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function defaultBackoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
}

interface KindEntry {
  options: JobKindOptions<unknown>;
  handler: (
    payload: unknown,
    job: { id: string; attempt: number; queue: JobQueue },
  ) => Promise<void>;
  running: number;
}

/** The person a payload is for, so their jobs go with their data (`jobs.user_id`). */
function userIdOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('userId' in payload)) return null;
  const { userId } = payload;
  return typeof userId === 'string' && UUID.test(userId) ? userId : null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createJobQueue(deps: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
  /** Embedded database (one process): jobs left running by the previous run restart at once. */
  sole?: boolean;
  /** How often idle workers look for due jobs (scheduled ones, other instances' enqueues). */
  pollMs?: number;
  /** How long a worker's claim lasts without a heartbeat (a third of it between beats). */
  lockMs?: number;
  /** How long `stop` waits for running handlers before letting go. */
  stopGraceMs?: number;
}): JobQueue {
  const repository = createJobsRepository(deps.db);
  const claims = createJobClaimsRepository(deps.db);
  const held = createHeldJobsRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  const pollMs = deps.pollMs ?? DEFAULT_POLL_MS;
  const lockMs = deps.lockMs ?? DEFAULT_LOCK_MS;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const kinds = new Map<string, KindEntry>();
  const inFlight = new Set<Promise<void>>();
  let stopped = true;
  let dispatcher: Promise<void> | null = null;

  // Callers of `settled`, each with the number of polls begun when it asked.
  let pollsBegun = 0;
  const settleWaiters: { after: number; resolve: () => void }[] = [];
  function settle(poll: number) {
    for (const waiter of settleWaiters.filter((w) => poll === Infinity || w.after < poll)) {
      settleWaiters.splice(settleWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  // The dispatcher sleeps between polls; an enqueue or a finished job wakes it at once.
  let wake: (() => void) | null = null;
  let wakeRequested = false;
  function signal() {
    wakeRequested = true;
    wake?.();
  }
  function nap(ms: number): Promise<void> {
    if (wakeRequested) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  async function openKinds(): Promise<string[]> {
    const open: string[] = [];
    for (const [kind, entry] of kinds) {
      if (entry.running >= (entry.options.concurrency ?? 1)) continue;
      const ready = entry.options.ready
        ? await entry.options.ready().catch((error: unknown) => {
            deps.log.error({ err: error, kind }, 'job kind readiness check failed');
            return false;
          })
        : true;
      if (ready) open.push(kind);
    }
    return open;
  }

  async function dispatch() {
    while (!stopped) {
      wakeRequested = false;
      const poll = ++pollsBegun;
      let claimed = false;
      try {
        const open = await openKinds();
        const fair = open.filter((kind) => kinds.get(kind)?.options.fairShare);
        const job =
          open.length > 0 ? await claims.claim(open, workerId, now(), lockMs, fair) : null;
        if (job) {
          claimed = true;
          launch(job);
        }
      } catch (error) {
        deps.log.error({ err: error }, 'job dispatcher error');
      }
      if (!claimed && inFlight.size === 0) settle(poll);
      // After `stop`, a wake is pending, so this returns at once.
      if (!claimed) await nap(pollMs);
    }
    settle(Infinity);
  }

  function launch(job: ClaimedJob) {
    const entry = kinds.get(job.kind);
    if (!entry) return;
    entry.running++;
    const running: Promise<void> = run(entry, job)
      .catch((error: unknown) => {
        deps.log.error({ err: error, jobId: job.id, kind: job.kind }, 'job bookkeeping failed');
      })
      .finally(() => {
        entry.running--;
        inFlight.delete(running);
        signal();
      });
    inFlight.add(running);
  }

  /** Marks the job failed and, if it was still this worker's, tells the kind's `onFailed`. */
  async function giveUp(entry: KindEntry, job: ClaimedJob, payload: unknown, message: string) {
    const { id, attempt } = job;
    if (!(await held.fail(id, workerId, attempt, message, now()))) return;
    await entry.options.onFailed?.(payload, message, { id, attempt }).catch((error: unknown) => {
      deps.log.error({ err: error, jobId: id, kind: job.kind }, 'job onFailed hook failed');
    });
  }

  async function run(entry: KindEntry, job: ClaimedJob) {
    const { id, attempt, maxAttempts } = job;
    const parsed = entry.options.payload.safeParse(job.payload);
    if (!parsed.success) {
      // Nothing to hand `onFailed`: the payload is not what the kind takes.
      await held.fail(id, workerId, attempt, `Invalid payload: ${parsed.error.message}`, now());
      deps.log.error({ jobId: id, kind: job.kind }, 'job payload invalid, failed');
      return;
    }
    if (attempt > maxAttempts) {
      // Every attempt ended with its worker gone: the job itself may be what kills it.
      deps.log.error({ jobId: id, kind: job.kind }, 'job abandoned by its workers, failed');
      await giveUp(
        entry,
        job,
        parsed.data,
        `Stopped: its worker went away on each of ${maxAttempts} attempts.`,
      );
      return;
    }
    // Keep the claim fresh while the handler works, so a crash frees the job within `lockMs`.
    const heartbeat = setInterval(() => {
      held
        .extendLock(id, workerId, attempt, new Date(now().getTime() + lockMs))
        .then((held) => {
          if (!held) deps.log.warn({ jobId: id, kind: job.kind }, 'job lock lost while running');
        })
        .catch(() => undefined);
    }, lockMs / 3);
    heartbeat.unref();
    let timeout: NodeJS.Timeout | undefined;
    try {
      const work = entry.handler(parsed.data, { id, attempt, queue });
      const { timeoutMs } = entry.options;
      await (timeoutMs === undefined
        ? work
        : Promise.race([
            work,
            new Promise<never>((_, reject) => {
              timeout = setTimeout(
                () => reject(new Error(`Timed out after ${timeoutMs} ms.`)),
                timeoutMs,
              );
            }),
          ]));
      await held.complete(id, workerId, attempt, now());
    } catch (error) {
      const message = messageOf(error);
      const final = error instanceof PermanentJobError || attempt >= maxAttempts;
      deps.log.warn({ err: error, jobId: id, kind: job.kind, attempt, final }, 'job failed');
      if (final) {
        await giveUp(entry, job, parsed.data, message);
      } else {
        const backoff = (entry.options.backoffMs ?? defaultBackoffMs)(attempt);
        await held.retryAt(id, workerId, attempt, message, new Date(now().getTime() + backoff));
      }
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timeout);
    }
  }

  const queue: JobQueue = {
    define(kind, options, handler) {
      if (kinds.has(kind)) throw new Error(`job kind "${kind}" is already defined`);
      // Stored without its payload type; the payload is parsed with `options.payload` first.
      kinds.set(kind, {
        options: options as unknown as JobKindOptions<unknown>,
        handler: handler as KindEntry['handler'],
        running: 0,
      });
      signal();
    },

    async enqueue(kind, payload, options = {}) {
      const entry = kinds.get(kind);
      // A payload its own handler would refuse is a bug in the caller: say so now, not later.
      const checked: unknown = entry ? entry.options.payload.parse(payload) : payload;
      const at = now();
      const id = await repository.insert({
        kind,
        payload: checked,
        runAt: options.runAt ?? at,
        maxAttempts: options.maxAttempts ?? entry?.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        key: options.key ?? null,
        keepPending: options.keepPending ?? false,
        userId: userIdOf(checked),
        now: at,
      });
      signal();
      return id;
    },

    cancel(key) {
      return repository.cancel(key, now());
    },

    async start() {
      if (!stopped) return;
      if (deps.sole) await held.expireLocks(now());
      stopped = false;
      dispatcher = dispatch();
    },

    /** Takes no more jobs; waits a little for running ones (a job cut short runs again later). */
    async stop() {
      stopped = true;
      signal();
      await dispatcher;
      dispatcher = null;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => {
          grace = setTimeout(resolve, deps.stopGraceMs ?? DEFAULT_STOP_GRACE_MS);
        }),
      ]);
      clearTimeout(grace);
    },

    settled() {
      if (stopped) return Promise.resolve();
      return new Promise((resolve) => {
        settleWaiters.push({ after: pollsBegun, resolve });
        signal();
      });
    },
  };
  return queue;
}
