import type { AccountDataRegistry } from '../account/account-data.registry';
import type { CallsService } from './calls.service';

/**
 * Calls' part of export and deletion. A call's history belongs to both people: "delete my data"
 * and deleting the account take the person out of their calls (the other keeps the row, showing
 * a deleted user); a call with nobody left goes.
 */
export function registerCallsAccountData(
  registry: AccountDataRegistry,
  calls: Pick<CallsService, 'exportFor' | 'deleteDataOf'>,
) {
  registry.register({
    section: 'calls',
    tables: ['calls'],
    export: (userId) => calls.exportFor(userId),
    deleteData: (userId) => calls.deleteDataOf(userId),
    onAccountDeletion: (userId) => calls.deleteDataOf(userId),
  });
}
