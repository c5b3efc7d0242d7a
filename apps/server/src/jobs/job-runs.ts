import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedJob } from './job-claims.repository';
import { defaultBackoffMs, PermanentJobError, type DefinedKind } from './job-kinds';
import type { HeldJobsRepository } from './held-jobs.repository';

export type JobRuns = ReturnType<typeof createJobRuns>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One claimed job from its payload to its end: handled, kept claimed by a heartbeat while it
 * works, then done, tried again after a backoff, or failed for good (the kind's `onFailed` told).
 */
export function createJobRuns(deps: {
  held: HeldJobsRepository;
  /** This instance's name on its claims. */
  workerId: string;
  /** How long a claim lasts without a heartbeat (a third of it between beats). */
  lockMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now: () => Date;
}) {
  const { held, workerId, lockMs, now } = deps;

  /** Marks the job failed and, if it was still this worker's, tells the kind's `onFailed`. */
  async function giveUp(kind: DefinedKind, job: ClaimedJob, payload: unknown, message: string) {
    const { id, attempt } = job;
    if (!(await held.fail(id, workerId, attempt, message, now()))) return;
    await kind.options.onFailed?.(payload, message, { id, attempt }).catch((error: unknown) => {
      deps.log.error({ err: error, jobId: id, kind: job.kind }, 'job onFailed hook failed');
    });
  }

  /** Keeps the claim fresh while the handler works, so a crash frees the job within `lockMs`. */
  function heartbeat(job: ClaimedJob): NodeJS.Timeout {
    const timer = setInterval(() => {
      held
        .extendLock(job.id, workerId, job.attempt, new Date(now().getTime() + lockMs))
        .then((stillHeld) => {
          if (!stillHeld)
            deps.log.warn({ jobId: job.id, kind: job.kind }, 'job lock lost while running');
        })
        .catch(() => undefined);
    }, lockMs / 3);
    timer.unref();
    return timer;
  }

  return {
    async run(kind: DefinedKind, job: ClaimedJob) {
      const { id, attempt, maxAttempts } = job;
      const parsed = kind.options.payload.safeParse(job.payload);
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
          kind,
          job,
          parsed.data,
          `Stopped: its worker went away on each of ${maxAttempts} attempts.`,
        );
        return;
      }
      const beat = heartbeat(job);
      let timeout: NodeJS.Timeout | undefined;
      try {
        const work = kind.handler(parsed.data, { id, attempt });
        const { timeoutMs } = kind.options;
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
          await giveUp(kind, job, parsed.data, message);
        } else {
          const backoff = (kind.options.backoffMs ?? defaultBackoffMs)(attempt);
          await held.retryAt(id, workerId, attempt, message, new Date(now().getTime() + backoff));
        }
      } finally {
        clearInterval(beat);
        clearTimeout(timeout);
      }
    },
  };
}
