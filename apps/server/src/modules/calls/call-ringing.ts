import type { FastifyBaseLogger } from 'fastify';
import { CALL_MESSAGES } from '@kaleido/shared/calls/calls.schemas';
import type { JobQueue } from '../../jobs/job-queue';
import type { NotificationsService } from '../notifications/notifications.service';
import type { CallEvents } from './call-events';
import { notifyMissedCall } from './call-missed-notice';
import { announceCall, callState, isOver, participantCall } from './call-states';
import type { CallsRepository } from './calls.repository';

export const CALL_TIMEOUT_JOB = 'call-ring-timeout';
export const ringKey = (callId: string) => `call-ring:${callId}`;

export type CallRinging = ReturnType<typeof createCallRinging>;

/**
 * A placed call until someone answers (issue #12): the callee accepts (`active`) or declines
 * (`declined`); the caller may cancel and nobody answering within CALL_RING_TIMEOUT_MS (a job)
 * makes it `missed`. Every transition is one conditional UPDATE, so two instances racing (an
 * answer and the timeout) cannot both win.
 */
export function createCallRinging(deps: {
  repository: CallsRepository;
  events: Pick<CallEvents, 'callMoved'>;
  jobs: Pick<JobQueue, 'cancel'>;
  notifications: Pick<NotificationsService, 'notify'>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { repository, now } = deps;

  return {
    /** The callee's tab shows the incoming call: the caller hears it ring. */
    async ringing(userId: string, callId: string): Promise<void> {
      const record = await participantCall(repository, userId, callId);
      if (record.calleeId !== userId || record.status !== 'ringing') return;
      await announceCall(deps, callId, 'call.ringing');
    },

    async answer(userId: string, callId: string, accept: boolean): Promise<void> {
      const record = await participantCall(repository, userId, callId);
      if (record.calleeId !== userId) throw callState(CALL_MESSAGES.onlyCallee);
      const at = now();
      const moved = accept
        ? await repository.transition(callId, ['ringing'], {
            status: 'active',
            answeredAt: at,
            lastSeenAt: at,
          })
        : await repository.transition(callId, ['ringing'], {
            status: 'declined',
            endedAt: at,
            endedBy: userId,
            endReason: 'declined',
          });
      if (!moved)
        throw callState(isOver(record) ? CALL_MESSAGES.alreadyOver : CALL_MESSAGES.notRinging);
      await deps.jobs.cancel(ringKey(callId));
      await announceCall(deps, callId, accept ? 'call.accepted' : 'call.declined');
    },

    async cancel(userId: string, callId: string): Promise<void> {
      const record = await participantCall(repository, userId, callId);
      if (record.callerId !== userId) throw callState(CALL_MESSAGES.onlyCaller);
      const moved = await repository.transition(callId, ['ringing'], {
        status: 'missed',
        endedAt: now(),
        endedBy: userId,
        endReason: 'cancelled',
      });
      if (!moved)
        throw callState(isOver(record) ? CALL_MESSAGES.alreadyOver : CALL_MESSAGES.notRinging);
      await deps.jobs.cancel(ringKey(callId));
      const updated = await announceCall(deps, callId, 'call.cancelled');
      if (updated) await notifyMissedCall(deps, updated, false);
    },

    /** The ring timeout's job: still ringing after CALL_RING_TIMEOUT_MS → missed. */
    async ringTimedOut(callId: string): Promise<void> {
      const moved = await repository.transition(callId, ['ringing'], {
        status: 'missed',
        endedAt: now(),
        endReason: 'timeout',
      });
      if (!moved) return;
      const record = await announceCall(deps, callId, 'call.missed');
      if (record) await notifyMissedCall(deps, record, false);
    },
  };
}
