import type { FastifyBaseLogger } from 'fastify';
import { VIDEO_INPUT_OFF_MESSAGE } from '@kaleido/shared/admin/admin.schemas';
import {
  CALL_MESSAGES,
  CALL_RING_TIMEOUT_MS,
  CALL_STALE_MS,
  type CallSignal,
} from '@kaleido/shared/calls/calls.schemas';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RateLimitRule, RateLimitService } from '../rate-limit/rate-limit.service';
import type { CallEvents } from './call-events';
import { notifyMissedCall } from './call-missed-notice';
import { CALL_TIMEOUT_JOB, ringKey } from './call-ringing';
import { announceCall, closeStaleCalls } from './call-states';
import type { CallsRepository } from './calls.repository';

/** Calls ring someone's every tab (and may notify them): a script cannot ring them all day. */
export const CALL_INVITE_LIMIT: RateLimitRule = {
  bucket: 'call-invite',
  max: 30,
  windowSeconds: 10 * 60,
  message: CALL_MESSAGES.tooFast,
};

type Invite = Extract<CallSignal, { kind: 'invite' }>;
export type CallPlacing = ReturnType<typeof createCallPlacing>;

/**
 * An invite (issue #12): whom the caller may ring, at what pace, and whether either is already
 * in a call. A call is placed `ringing` (with its ring timeout on the job queue), or `missed`
 * (reason `busy`) when the callee is in another call; the caller in a call is refused. A video
 * call is refused while the instance has video input off (the admin's toggle, SPEC §9).
 */
export function createCallPlacing(deps: {
  repository: CallsRepository;
  events: CallEvents;
  jobs: Pick<JobQueue, 'enqueue'>;
  notifications: Pick<NotificationsService, 'notify'>;
  rateLimits: Pick<RateLimitService, 'consume'>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Whom the caller may ring (decision 045); a stranger is told what a missing account is. */
  mayReach: (userId: string, otherId: string) => Promise<boolean>;
  /** Whether the instance has video input on (the admin's feature toggle). */
  videoInput: () => Promise<boolean>;
}) {
  const { repository, now } = deps;

  /** Whether this invite is new; the same invite again is answered here, anything else refused. */
  async function isNew(userId: string, signal: Invite): Promise<boolean> {
    if (signal.calleeId === userId) throw badRequest(CALL_MESSAGES.self, undefined, 'VALIDATION');
    const existing = await repository.find(signal.callId);
    if (existing) {
      // The same tab retrying its invite: already placed. Anything else with this id: refused.
      if (existing.callerId === userId && existing.calleeId === signal.calleeId) {
        await deps.events.inviteRetried(existing);
        return false;
      }
      throw notFound(CALL_MESSAGES.notFound);
    }
    if (
      (await repository.nameOf(signal.calleeId)) === null ||
      !(await deps.mayReach(userId, signal.calleeId))
    )
      throw notFound(CALL_MESSAGES.calleeNotFound);
    return true;
  }

  return {
    async invite(userId: string, signal: Invite): Promise<void> {
      if (signal.callType === 'video' && !(await deps.videoInput()))
        throw forbidden(VIDEO_INPUT_OFF_MESSAGE, 'FEATURE_OFF');
      if (!(await isNew(userId, signal))) return;
      await deps.rateLimits.consume(CALL_INVITE_LIMIT, userId);
      await closeStaleCalls(deps, userId);
      await closeStaleCalls(deps, signal.calleeId);
      const at = now();
      const freshSince = new Date(at.getTime() - CALL_STALE_MS);
      const placed = await repository.place(
        {
          id: signal.callId,
          callerId: userId,
          calleeId: signal.calleeId,
          type: signal.callType,
          startedAt: at,
          lastSeenAt: at,
        },
        freshSince,
      );
      if (placed === 'duplicate') return; // the same invite, twice at once
      if (placed === 'callerBusy') throw conflict(CALL_MESSAGES.callerBusy, 'CALL_BUSY');
      if (placed === 'busy') {
        const record = await announceCall(deps, signal.callId, 'call.busy');
        if (record) await notifyMissedCall(deps, record, true);
        return;
      }
      await deps.jobs.enqueue(
        CALL_TIMEOUT_JOB,
        { callId: signal.callId },
        { runAt: new Date(at.getTime() + CALL_RING_TIMEOUT_MS), key: ringKey(signal.callId) },
      );
      await announceCall(deps, signal.callId, 'call.invited');
    },
  };
}
