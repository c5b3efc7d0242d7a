import type { Call, CallList } from '@kaleido/shared/calls/calls.schemas';
import type { CallEvents } from './call-events';
import { closeStaleCalls, participantCall } from './call-states';
import { toCall } from './calls-records';
import type { CallHistoryRepository } from './call-history.repository';
import type { CallsRepository } from './calls.repository';

export type CallHistory = ReturnType<typeof createCallHistory>;

/** A person's calls, newest first (/api/calls), one call, and their part in export and deletion. */
export function createCallHistory(deps: {
  /** Live calls: the person's calls both browsers left are closed before the list is read. */
  repository: Pick<CallsRepository, 'find' | 'staleCallsOf' | 'transition'>;
  history: CallHistoryRepository;
  events: Pick<CallEvents, 'callMoved'>;
  now: () => Date;
}) {
  const { repository, history } = deps;
  return {
    async list(userId: string, query: { before?: string; limit: number }): Promise<CallList> {
      await closeStaleCalls(deps, userId);
      const before = query.before ? new Date(query.before) : undefined;
      const [records, total] = await Promise.all([
        history.listFor(userId, before, query.limit + 1),
        history.countFor(userId),
      ]);
      const page = records.slice(0, query.limit);
      return {
        calls: page.map((record) => toCall(record, userId)),
        total,
        nextBefore:
          records.length > query.limit ? (page.at(-1)?.startedAt.toISOString() ?? null) : null,
      };
    },

    async get(userId: string, callId: string): Promise<Call> {
      return toCall(await participantCall(repository, userId, callId), userId);
    },

    async exportFor(userId: string) {
      const records = await history.listFor(userId, undefined, 1_000_000);
      return records.map((record) => toCall(record, userId));
    },

    deleteDataOf: (userId: string) => history.leave(userId),
  };
}
