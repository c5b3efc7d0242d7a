import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedJob, JobClaimsRepository } from './job-claims.repository';
import type { DefinedKind } from './job-kinds';
import type { JobRuns } from './job-runs';
import { createWakeableSleep } from './wakeable-sleep';

export type JobDispatcher = ReturnType<typeof createJobDispatcher>;

/**
 * The loop that takes due jobs of the kinds this instance can run now and starts them: it
 * sleeps between polls, an enqueue or a finished job wakes it at once, and it tells `settled`
 * callers when a look found nothing while nothing ran.
 */
export function createJobDispatcher(deps: {
  claims: Pick<JobClaimsRepository, 'claim'>;
  runs: Pick<JobRuns, 'run'>;
  kinds: ReadonlyMap<string, DefinedKind>;
  workerId: string;
  lockMs: number;
  /** How often an idle dispatcher looks for due jobs (scheduled ones, other instances' enqueues). */
  pollMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  now: () => Date;
}) {
  const { kinds } = deps;
  const inFlight = new Set<Promise<void>>();
  let stopped = true;
  let loop: Promise<void> | null = null;

  // Callers of `settled`, each with the number of polls begun when it asked.
  let pollsBegun = 0;
  const settleWaiters: { after: number; resolve: () => void }[] = [];
  function settle(poll: number) {
    for (const waiter of settleWaiters.filter((w) => poll === Infinity || w.after < poll)) {
      settleWaiters.splice(settleWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  const sleep = createWakeableSleep();

  async function openKinds(): Promise<string[]> {
    const open: string[] = [];
    for (const [name, kind] of kinds) {
      if (kind.running >= (kind.options.concurrency ?? 1)) continue;
      const ready = kind.options.ready
        ? await kind.options.ready().catch((error: unknown) => {
            deps.log.error({ err: error, kind: name }, 'job kind readiness check failed');
            return false;
          })
        : true;
      if (ready) open.push(name);
    }
    return open;
  }

  function launch(job: ClaimedJob) {
    const kind = kinds.get(job.kind);
    if (!kind) return;
    kind.running++;
    const running: Promise<void> = deps.runs
      .run(kind, job)
      .catch((error: unknown) => {
        deps.log.error({ err: error, jobId: job.id, kind: job.kind }, 'job bookkeeping failed');
      })
      .finally(() => {
        kind.running--;
        inFlight.delete(running);
        sleep.wake();
      });
    inFlight.add(running);
  }

  async function dispatch() {
    while (!stopped) {
      sleep.clear();
      const poll = ++pollsBegun;
      let claimed = false;
      try {
        const open = await openKinds();
        const fair = open.filter((name) => kinds.get(name)?.options.fairShare);
        const job =
          open.length > 0
            ? await deps.claims.claim(open, deps.workerId, deps.now(), deps.lockMs, fair)
            : null;
        if (job) {
          claimed = true;
          launch(job);
        }
      } catch (error) {
        deps.log.error({ err: error }, 'job dispatcher error');
      }
      if (!claimed && inFlight.size === 0) settle(poll);
      // After `stop`, a wake is pending, so this returns at once.
      if (!claimed) await sleep.sleep(deps.pollMs);
    }
    settle(Infinity);
  }

  return {
    /** Look again now: a job was enqueued or a kind defined. */
    wake: () => {
      sleep.wake();
    },

    get stopped() {
      return stopped;
    },

    start() {
      stopped = false;
      loop = dispatch();
    },

    /** Takes no more jobs; waits up to `graceMs` for running ones (a job cut short runs again later). */
    async stop(graceMs: number) {
      stopped = true;
      sleep.wake();
      await loop;
      loop = null;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => {
          grace = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(grace);
    },

    settled(): Promise<void> {
      if (stopped) return Promise.resolve();
      return new Promise((resolve) => {
        settleWaiters.push({ after: pollsBegun, resolve });
        sleep.wake();
      });
    },
  };
}
