import type {
  AnalysisSettings,
  AnalysisSettingsBody,
} from '@kaleido/shared/insights/insights.schemas';
import type { JobQueue } from '../../jobs/job-queue';
import { queueCatchUp } from './analysis-jobs';
import type { InsightsAnnouncements } from './insights-announcements';
import type { InsightsSettingsRepository } from './insights-settings.repository';

export type InsightsSettings = ReturnType<typeof createInsightsSettings>;

/**
 * The person's choices: analysis on or off (back on, what they wrote meanwhile is caught up),
 * and whether the operator's language model writes their weekly reflection.
 */
export function createInsightsSettings(deps: {
  settings: InsightsSettingsRepository;
  jobs: Pick<JobQueue, 'enqueue'>;
  announcements: Pick<InsightsAnnouncements, 'announce'>;
  /** Whether the operator configured a language model (LLM_*) for weekly reflections. */
  llmAvailable?: boolean;
  now: () => Date;
}) {
  const { settings: repository, announcements, now } = deps;

  async function settings(userId: string): Promise<AnalysisSettings> {
    const [enabled, llmReflection] = await Promise.all([
      repository.enabled(userId),
      repository.llmReflection(userId),
    ]);
    return { enabled, llmReflection, llmAvailable: deps.llmAvailable ?? false };
  }

  return {
    settings,

    async updateSettings(userId: string, body: AnalysisSettingsBody): Promise<AnalysisSettings> {
      const before = await settings(userId);
      if (body.llmReflection !== undefined && body.llmReflection !== before.llmReflection) {
        await repository.setLlmReflection(userId, body.llmReflection, now());
        await announcements.announce(userId, { reason: 'settings' });
      }
      const enabled = body.enabled ?? before.enabled;
      if (enabled !== before.enabled) {
        await repository.setEnabled(userId, enabled, now());
        if (enabled) await queueCatchUp(deps.jobs, userId);
        await announcements.announce(userId, { reason: 'settings' });
      }
      return settings(userId);
    },
  };
}
