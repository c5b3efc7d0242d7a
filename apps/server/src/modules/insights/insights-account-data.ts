import type { AccountDataRegistry } from '../account/account-data.registry';
import type { AnalysisService } from './analysis.service';

/**
 * Analysis's part of export and deletion: every derived row (per item and the daily rollups),
 * the mood model, disputes, written weekly reflections, the questionnaire answers and the
 * on/off choice. All of it is the user's alone; deleting the account cascades every row.
 */
export function registerInsightsAccountData(
  registry: AccountDataRegistry,
  analysis: Pick<AnalysisService, 'exportFor' | 'deleteDataOf'>,
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
    export: (userId) => analysis.exportFor(userId),
    deleteData: (userId) => analysis.deleteDataOf(userId),
  });
}
