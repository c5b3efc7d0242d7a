import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobQueue } from '../../jobs/job-queue';
import type { FilesService } from '../files/files.service';
import type { AuditService } from './audit.service';
import type { InstanceSettingsService } from './instance-settings.service';
import type { RetentionCounts, RetentionRepository } from './retention.repository';

export type RetentionService = ReturnType<typeof createRetentionService>;

export const RETENTION_KIND = 'retention-sweep';
const RETENTION_KEY = 'retention-sweep';
/** The daily run, in UTC: the quietest hour for most instances. */
export const RETENTION_HOUR_UTC = 3;
const DAY_MS = 86_400_000;

export interface RetentionReport {
  cutoff: string;
  retentionDays: number;
  counts: RetentionCounts;
}

/** The next RETENTION_HOUR_UTC strictly after `now`. */
export function nextRetentionRun(now: Date): Date {
  const next = new Date(now);
  next.setUTCHours(RETENTION_HOUR_UTC, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setTime(next.getTime() + DAY_MS);
  return next;
}

/**
 * `data_retention_days` enforced: a daily job (on the one queue) deletes content older than the
 * limit; `preview` counts exactly what a run at the same moment deletes (the same cutoff, the
 * same predicates).
 */
export function createRetentionService(deps: {
  repository: RetentionRepository;
  settings: Pick<InstanceSettingsService, 'system'>;
  files: Pick<FilesService, 'remove'>;
  audit: Pick<AuditService, 'record'>;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  async function cutoff() {
    const { data_retention_days: days } = await deps.settings.system();
    return { days, cutoff: new Date(deps.now().getTime() - days * DAY_MS) };
  }

  async function run(actorId: string | null): Promise<RetentionReport> {
    const { days, cutoff: at } = await cutoff();
    const { counts, files } = await deps.repository.purge(at);
    await deps.files.remove(files).catch((error: unknown) => {
      deps.log.error({ err: error }, 'retention: removing files failed');
    });
    const report = { cutoff: at.toISOString(), retentionDays: days, counts };
    await deps.audit.record({
      actorId,
      action: 'admin.retention_run',
      details: { ...report, scheduled: actorId === null },
    });
    return report;
  }

  deps.jobs.define(RETENTION_KIND, { payload: z.object({}) }, async () => {
    await run(null);
    await schedule();
  });

  async function schedule() {
    await deps.jobs.enqueue(
      RETENTION_KIND,
      {},
      { key: RETENTION_KEY, keepPending: true, runAt: nextRetentionRun(deps.now()) },
    );
  }

  return {
    async preview(): Promise<RetentionReport> {
      const { days, cutoff: at } = await cutoff();
      return {
        cutoff: at.toISOString(),
        retentionDays: days,
        counts: await deps.repository.count(at),
      };
    },
    run,
    schedule,
  };
}
