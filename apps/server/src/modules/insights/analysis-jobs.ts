import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { SOURCE_KINDS } from '@kaleido/shared/insights/insights.constants';
import type { JobQueue } from '../../jobs/job-queue';
import type { ContentEvents, ContentRef } from '../content/content-events';
import type { InsightsSettingsRepository } from './insights-settings.repository';
import type { ItemAnalysis } from './item-analysis';

export const ANALYSIS_JOB = 'analysis';
export const ANALYSIS_CATCH_UP_JOB = 'analysis-catch-up';

const RefSchema = z.object({
  userId: z.uuid(),
  kind: z.enum(SOURCE_KINDS),
  id: z.string().min(1).max(100),
});
const CatchUpSchema = z.object({ userId: z.uuid() });

/** One queued analysis per item: saving twice before it runs analyses once. */
export const analysisJobKey = (ref: ContentRef) => `analysis:${ref.kind}:${ref.id}`;

/** Switched back on: everything the person wrote meanwhile is analysed (one catch-up each). */
export async function queueCatchUp(jobs: Pick<JobQueue, 'enqueue'>, userId: string) {
  await jobs.enqueue(ANALYSIS_CATCH_UP_JOB, { userId }, { key: `analysis-catch-up:${userId}` });
}

/**
 * The `analysis` jobs (DESIGN §9): what a feature says was saved is queued for analysis after
 * it is saved; what it says was deleted has its queued analysis cancelled and its derived row
 * removed.
 */
export function registerAnalysisJobs(deps: {
  analysis: Pick<ItemAnalysis, 'analyseItem' | 'forget'>;
  settings: Pick<InsightsSettingsRepository, 'enabled'>;
  content: ContentEvents;
  jobs: JobQueue;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** False: jobs are queued but this instance does not run them. */
  runsJobs?: boolean;
  /** The instance's real-time analysis toggle; off, what is saved is not queued for analysis. */
  realtimeAnalysis?: () => Promise<boolean>;
}) {
  const { analysis, settings, content, jobs } = deps;
  const ready = () => Promise.resolve(deps.runsJobs ?? true);

  async function queue(ref: ContentRef) {
    await jobs.enqueue(ANALYSIS_JOB, ref, { key: analysisJobKey(ref) });
  }

  jobs.define(ANALYSIS_JOB, { payload: RefSchema, maxAttempts: 3, ready }, async (ref) => {
    await analysis.analyseItem(ref);
  });

  // Switched back on: everything the person wrote meanwhile is analysed, one job per item.
  jobs.define(ANALYSIS_CATCH_UP_JOB, { payload: CatchUpSchema, ready }, async ({ userId }) => {
    if (!(await settings.enabled(userId))) return;
    for (const kind of content.kinds()) {
      const ids = (await content.source(kind)?.idsOf(userId)) ?? [];
      for (const id of ids) await queue({ userId, kind, id });
    }
  });

  content.onSaved(async (ref) => {
    try {
      // The instance's real-time analysis toggle (docs/compliance.md): off, nothing is queued.
      if (deps.realtimeAnalysis && !(await deps.realtimeAnalysis())) return;
      if (await settings.enabled(ref.userId)) await queue(ref);
    } catch (error) {
      deps.log.error({ err: error, kind: ref.kind }, 'analysis could not be queued');
    }
  });

  content.onDeleted(async (ref) => {
    try {
      await jobs.cancel(analysisJobKey(ref));
      await analysis.forget(ref);
    } catch (error) {
      deps.log.error({ err: error, kind: ref.kind }, 'derived data of a deleted item not removed');
    }
  });
}
