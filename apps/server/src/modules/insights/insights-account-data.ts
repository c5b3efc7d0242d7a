import type { AccountDataRegistry } from '../account/account-data.registry';
import type { DerivedDataRepository } from './derived-data.repository';
import type { InsightsAnnouncements } from './insights-announcements';
import { insightsExportOf, type InsightsExportSources } from './insights-export';
import type { InsightsSettingsRepository } from './insights-settings.repository';
import type { PersonalityRepository } from './personality.repository';

/**
 * Insights' part of export and deletion: every derived row (per item and the daily rollups),
 * the mood model, disputes, written weekly reflections, the questionnaire answers and the
 * on/off choice. All of it is the user's alone; deleting the account cascades every row.
 */
export function registerInsightsAccountData(
  registry: AccountDataRegistry,
  deps: InsightsExportSources & {
    derived: DerivedDataRepository;
    settings: Pick<InsightsSettingsRepository, 'deleteSettings'>;
    personality: Pick<PersonalityRepository, 'deletePersonality'>;
    announcements: Pick<InsightsAnnouncements, 'announce'>;
  },
) {
  registry.register({
    section: 'analysis',
    tables: [
      'analysis_items',
      'analysis_settings',
      'analysis_disputes',
      'analysis_models',
      'personality_results',
      'analysis_days',
      'analysis_rollups',
      'analysis_reflections',
    ],
    /** The account export: every derived row, the model, disputes and the choice. */
    export: (userId) => insightsExportOf(deps, userId),
    /** "Delete my data": the derived rows, questionnaire answers and the choice. */
    deleteData: async (userId) => {
      await deps.derived.deleteDerived(userId);
      await deps.personality.deletePersonality(userId);
      await deps.settings.deleteSettings(userId);
      await deps.announcements.announce(userId, { reason: 'cleared' });
    },
  });
}
