import { CALL_MESSAGES, CALL_STALE_MS } from '@kaleido/shared/calls/calls.schemas';
import { conflict, notFound } from '../../http/errors';
import type { CallEvents } from './call-events';
import type { CallRecord } from './call-record-query';
import type { CallsRepository } from './calls.repository';
import { secondsBetween } from './calls-records';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string can be a call's (or a line's) id, before it reaches a query. */
export const isUuid = (id: string) => UUID.test(id);

/** A signal the call's state does not allow (409 CALL_STATE). */
export const callState = (message: string) => conflict(message, 'CALL_STATE');

export const isOver = (record: CallRecord) =>
  record.status !== 'ringing' && record.status !== 'active';

/** The call if the user is one of its two people; anyone else: it does not exist. */
export async function participantCall(
  repository: Pick<CallsRepository, 'find'>,
  userId: string,
  callId: string,
): Promise<CallRecord> {
  const record = isUuid(callId) ? await repository.find(callId) : null;
  if (!record || (record.callerId !== userId && record.calleeId !== userId))
    throw notFound(CALL_MESSAGES.notFound);
  return record;
}

/**
 * Live calls of the person that both browsers left (no keepalive for CALL_STALE_MS) are over:
 * an active one `completed` (reason `lost`) at the last sign of life, a ringing one missed.
 */
export async function closeStaleCalls(
  deps: {
    repository: Pick<CallsRepository, 'staleCallsOf' | 'transition' | 'find'>;
    events: Pick<CallEvents, 'callMoved'>;
    now: () => Date;
  },
  userId: string,
): Promise<void> {
  const { repository } = deps;
  const at = deps.now();
  for (const stale of await repository.staleCallsOf(
    userId,
    new Date(at.getTime() - CALL_STALE_MS),
  )) {
    const endedAt = stale.lastSeenAt;
    const moved =
      stale.status === 'active'
        ? await repository.transition(stale.id, ['active'], {
            status: 'completed',
            endedAt,
            endReason: 'lost',
            durationSeconds: secondsBetween(stale.answeredAt ?? endedAt, endedAt),
          })
        : await repository.transition(stale.id, ['ringing'], {
            status: 'missed',
            endedAt,
            endReason: 'timeout',
          });
    if (moved)
      await announceCall(deps, stale.id, stale.status === 'active' ? 'call.ended' : 'call.missed');
  }
}

/** Tells both people (each in their own view) what happened to the call; the call as it is now. */
export async function announceCall(
  deps: { repository: Pick<CallsRepository, 'find'>; events: Pick<CallEvents, 'callMoved'> },
  callId: string,
  name: Parameters<CallEvents['callMoved']>[1],
): Promise<CallRecord | null> {
  const record = await deps.repository.find(callId);
  if (record) await deps.events.callMoved(record, name);
  return record;
}
