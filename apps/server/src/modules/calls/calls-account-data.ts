import type { AccountDataRegistry } from '../account/account-data.registry';
import type { CallTranscriptsService } from './call-transcripts.service';
import type { CallsRepository } from './calls.repository';
import type { CallsService } from './calls.service';

/**
 * Calls' part of export and deletion. A call's history belongs to both people: "delete my data"
 * and deleting the account take the person out of their calls (the other keeps the row, showing
 * a deleted user); a call with nobody left goes. A transcript's lines belong to who said them:
 * both people export the whole transcript of their calls, and each deletes their own lines.
 */
export function registerCallsAccountData(
  registry: AccountDataRegistry,
  calls: Pick<CallsService, 'exportFor' | 'deleteDataOf'>,
  transcripts: Pick<CallTranscriptsService, 'exportFor' | 'deleteDataOf'>,
  repository: Pick<CallsRepository, 'listFor'>,
) {
  registry.register({
    section: 'call_transcripts',
    tables: ['call_transcript_lines'],
    export: async (userId) =>
      transcripts.exportFor(userId, await repository.listFor(userId, undefined, 1_000_000)),
    deleteData: (userId) => transcripts.deleteDataOf(userId),
    onAccountDeletion: (userId) => transcripts.deleteDataOf(userId),
  });
  registry.register({
    section: 'calls',
    tables: ['calls'],
    export: (userId) => calls.exportFor(userId),
    deleteData: (userId) => calls.deleteDataOf(userId),
    onAccountDeletion: (userId) => calls.deleteDataOf(userId),
  });
}
