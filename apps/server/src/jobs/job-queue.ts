import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createHeldJobsRepository } from './held-jobs.repository';
import { createJobClaimsRepository } from './job-claims.repository';
import { createJobDispatcher } from './job-dispatcher';
import type { DefinedKind, JobKindOptions } from './job-kinds';
import { createJobRuns } from './job-runs';
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

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_POLL_MS = 2_000;
const DEFAULT_LOCK_MS = 60_000;
const DEFAULT_STOP_GRACE_MS = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The person a payload is for, so their jobs go with their data (`jobs.user_id`). */
function userIdOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('userId' in payload)) return null;
  const { userId } = payload;
  return typeof userId === 'string' && UUID.test(userId) ? userId : null;
}

/**
 * The queue composed: kinds defined here, jobs added and cancelled (jobs.repository.ts), taken
 * by the dispatcher (job-dispatcher.ts) and run to their end (job-runs.ts).
 */
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
  const held = createHeldJobsRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  const lockMs = deps.lockMs ?? DEFAULT_LOCK_MS;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const kinds = new Map<string, DefinedKind>();
  const dispatcher = createJobDispatcher({
    claims: createJobClaimsRepository(deps.db),
    runs: createJobRuns({ held, workerId, lockMs, log: deps.log, now }),
    kinds,
    workerId,
    lockMs,
    pollMs: deps.pollMs ?? DEFAULT_POLL_MS,
    log: deps.log,
    now,
  });

  const queue: JobQueue = {
    define(kind, options, handler) {
      if (kinds.has(kind)) throw new Error(`job kind "${kind}" is already defined`);
      // Stored without its payload type; the payload is parsed with `options.payload` first.
      kinds.set(kind, {
        options: options as unknown as JobKindOptions<unknown>,
        handler: (payload, job) => handler(payload as never, { ...job, queue }),
        running: 0,
      });
      dispatcher.wake();
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
      dispatcher.wake();
      return id;
    },

    cancel(key) {
      return repository.cancel(key, now());
    },

    async start() {
      if (!dispatcher.stopped) return;
      if (deps.sole) await held.expireLocks(now());
      dispatcher.start();
    },

    /** Takes no more jobs; waits a little for running ones (a job cut short runs again later). */
    stop() {
      return dispatcher.stop(deps.stopGraceMs ?? DEFAULT_STOP_GRACE_MS);
    },

    settled() {
      return dispatcher.settled();
    },
  };
  return queue;
}
