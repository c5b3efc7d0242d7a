import type { AccountDataRegistry } from '../account/account-data.registry';
import type { AnalysisService } from './analysis.service';

/**
 * Analysis's part of export and deletion: every derived row, the mood model, disputes, the
 * questionnaire answers and the on/off choice. All of it is the user's alone; deleting the account cascades every row.
 */
export function registerAnalysisAccountData(
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
    ],
    export: (userId) => analysis.exportFor(userId),
    deleteData: (userId) => analysis.deleteDataOf(userId),
  });
}
