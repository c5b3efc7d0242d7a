import type { AccountDataRegistry } from '../account/account-data.registry';
import type { FilesService } from '../files/files.service';
import type { CallHistory } from './call-history';
import type { CallHistoryRepository } from './call-history.repository';
import type { CallTranscriptsRepository } from './call-transcripts.repository';
import { toLine } from './calls-records';
import type { CallRecord } from './call-record-query';

/**
 * Calls' part of export and deletion. A call's history belongs to both people: "delete my data"
 * and deleting the account take the person out of their calls (the other keeps the row, showing
 * a deleted user); a call with nobody left goes. A transcript's lines belong to who said them:
 * both people export the whole transcript of their calls, and each deletes their own lines.
 */
export function registerCallsAccountData(
  registry: AccountDataRegistry,
  deps: {
    history: Pick<CallHistory, 'exportFor' | 'deleteDataOf'>;
    records: Pick<CallHistoryRepository, 'listFor'>;
    lines: CallTranscriptsRepository;
    files: Pick<FilesService, 'find' | 'remove'>;
  },
) {
  const { history, lines, files } = deps;

  /** Every line of the person's calls' transcripts, both speakers (their export). */
  async function exportTranscripts(userId: string, records: CallRecord[]) {
    const rows = await lines.ofCalls(records.filter((r) => r.hasTranscript).map((r) => r.id));
    const byId = new Map(records.map((r) => [r.id, r]));
    return rows.flatMap((row) => {
      const record = byId.get(row.callId);
      if (!record) return [];
      const line = toLine(record, row, userId);
      return [
        {
          call_id: row.callId,
          speaker: line.speaker.name,
          mine: line.mine,
          spoken_at: line.spokenAt,
          duration_ms: line.durationMs,
          text: line.text,
          status: line.status,
          edited: line.edited,
        },
      ];
    });
  }

  /** "Delete my data": what the person said goes, with any audio not yet transcribed. */
  async function deleteTranscriptsOf(userId: string) {
    const fileIds = await lines.deleteOwnedBy(userId);
    const audio = await Promise.all(fileIds.map((id) => files.find(id)));
    await files.remove(audio.filter((file) => file !== null));
  }

  registry.register({
    section: 'call_transcripts',
    tables: ['call_transcript_lines'],
    export: async (userId) =>
      exportTranscripts(userId, await deps.records.listFor(userId, undefined, 1_000_000)),
    deleteData: deleteTranscriptsOf,
    onAccountDeletion: deleteTranscriptsOf,
  });
  registry.register({
    section: 'calls',
    tables: ['calls'],
    export: (userId) => history.exportFor(userId),
    deleteData: (userId) => history.deleteDataOf(userId),
    onAccountDeletion: (userId) => history.deleteDataOf(userId),
  });
}
