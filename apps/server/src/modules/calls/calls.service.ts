import type { FastifyBaseLogger } from 'fastify';
import {
  CALL_KEEPALIVE_MS,
  CALL_MESSAGES,
  CALL_RING_TIMEOUT_MS,
  CALL_STALE_MS,
  type Call,
  type CallConfig,
  type CallList,
  type CallSignal,
  type IceServer,
} from '@kaleido/shared/calls/calls.schemas';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RateLimitRule, RateLimitService } from '../rate-limit/rate-limit.service';
import type { CallRecord, CallsRepository } from './calls.repository';
import { eventForStatus, secondsBetween, toCall, type StatusEvent } from './calls-records';
import { iceServersFor } from './turn-credentials';
import type { TranscriptSignal } from './call-transcripts.service';

export const CALL_TIMEOUT_JOB = 'call-ring-timeout';
export const ringKey = (callId: string) => `call-ring:${callId}`;

/** Calls ring someone's every tab (and may notify them): a script cannot ring them all day. */
export const CALL_INVITE_LIMIT: RateLimitRule = {
  bucket: 'call-invite',
  max: 30,
  windowSeconds: 10 * 60,
  message: CALL_MESSAGES.tooFast,
};

export type CallsService = ReturnType<typeof createCallsService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const callState = (message: string) => conflict(message, 'CALL_STATE');

/**
 * The signalling state machine and the history (issue #12). A call is `ringing` from the invite;
 * the callee accepts (`active`) or declines (`declined`); the caller may cancel and nobody
 * answering within CALL_RING_TIMEOUT_MS (a job) makes it `missed`, as does calling someone
 * already in a call (reason `busy`); an active call ends `completed` when either hangs up or both
 * browsers go quiet. Every transition is one conditional UPDATE, so two instances racing (an
 * answer and the timeout) cannot both win. Only the two participants may signal a call; anyone
 * else is told it does not exist.
 */
export function createCallsService(deps: {
  repository: CallsRepository;
  bus: EventBus;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'notify'>;
  rateLimits: Pick<RateLimitService, 'consume'>;
  iceServers: IceServer[];
  /** TURN_SECRET: each person gets short-lived TURN credentials (coturn use-auth-secret). */
  turn?: { secret: string; ttlSeconds: number } | null;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The transcript's consent signals (call-transcripts.service.ts). */
  transcriptConsent?: (userId: string, signal: TranscriptSignal) => Promise<void>;
  /** Whom the caller may ring (decision 045); a stranger is told what a missing account is. */
  mayReach?: (userId: string, otherId: string) => Promise<boolean>;
}) {
  const { repository, now } = deps;

  /** Tells both people (each in their own view) what happened to the call. */
  async function announce(callId: string, name: StatusEvent): Promise<CallRecord | null> {
    const record = await repository.find(callId);
    if (!record) return null;
    for (const id of new Set([record.callerId, record.calleeId])) {
      if (id)
        await deps.bus.publish({ room: userRoom(id), name, data: { call: toCall(record, id) } });
    }
    return record;
  }

  async function notifyMissed(record: CallRecord, busy: boolean) {
    if (!record.calleeId) return;
    const name = record.callerName ?? CALL_MESSAGES.deletedUser;
    // Our own sentence with the caller's name: nothing anyone wrote, so mail may say it too.
    const message = busy
      ? CALL_MESSAGES.busyMessage(name, record.type)
      : CALL_MESSAGES.missedMessage(name, record.type);
    await deps.notifications
      .notify(record.calleeId, {
        type: 'calls',
        title: CALL_MESSAGES.missedTitle,
        message,
        link: '/app/calls/history',
        emailLine: message,
      })
      .catch((err: unknown) =>
        deps.log.warn({ err, callId: record.id }, 'missed-call notice failed'),
      );
  }

  /** The call if the user is one of its two people; anyone else: it does not exist. */
  async function participantCall(userId: string, callId: string): Promise<CallRecord> {
    const record = UUID.test(callId) ? await repository.find(callId) : null;
    if (!record || (record.callerId !== userId && record.calleeId !== userId))
      throw notFound(CALL_MESSAGES.notFound);
    return record;
  }

  const isOver = (record: CallRecord) => record.status !== 'ringing' && record.status !== 'active';

  /**
   * Live calls of the person that both browsers left (no keepalive for CALL_STALE_MS) are over:
   * an active one `completed` (reason `lost`) at the last sign of life, a ringing one missed.
   */
  async function closeStale(userId: string) {
    const at = now();
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
      if (moved) await announce(stale.id, stale.status === 'active' ? 'call.ended' : 'call.missed');
    }
  }

  async function invite(userId: string, signal: Extract<CallSignal, { kind: 'invite' }>) {
    if (signal.calleeId === userId) throw badRequest(CALL_MESSAGES.self, undefined, 'VALIDATION');
    const existing = await repository.find(signal.callId);
    if (existing) {
      // The same tab retrying its invite: already placed. Anything else with this id: refused.
      if (existing.callerId === userId && existing.calleeId === signal.calleeId) {
        // Told again where the call is (a reloaded page, a lost event), to the caller only.
        await deps.bus.publish({
          room: userRoom(userId),
          name: eventForStatus(existing),
          data: { call: toCall(existing, userId) },
        });
        return;
      }
      throw notFound(CALL_MESSAGES.notFound);
    }
    if (
      (await repository.nameOf(signal.calleeId)) === null ||
      !((await deps.mayReach?.(userId, signal.calleeId)) ?? true)
    )
      throw notFound(CALL_MESSAGES.calleeNotFound);
    await deps.rateLimits.consume(CALL_INVITE_LIMIT, userId);
    await closeStale(userId);
    await closeStale(signal.calleeId);
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
    const busy = placed === 'busy';
    if (busy) {
      const record = await announce(signal.callId, 'call.busy');
      if (record) await notifyMissed(record, true);
      return;
    }
    await deps.jobs.enqueue(
      CALL_TIMEOUT_JOB,
      { callId: signal.callId },
      { runAt: new Date(at.getTime() + CALL_RING_TIMEOUT_MS), key: ringKey(signal.callId) },
    );
    await announce(signal.callId, 'call.invited');
  }

  async function answer(userId: string, callId: string, accept: boolean) {
    const record = await participantCall(userId, callId);
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
    await announce(callId, accept ? 'call.accepted' : 'call.declined');
  }

  async function cancel(userId: string, callId: string) {
    const record = await participantCall(userId, callId);
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
    const updated = await announce(callId, 'call.cancelled');
    if (updated) await notifyMissed(updated, false);
  }

  async function end(userId: string, callId: string) {
    const record = await participantCall(userId, callId);
    if (record.status === 'ringing')
      return record.callerId === userId ? cancel(userId, callId) : answer(userId, callId, false);
    // Both hanging up at once is normal: the second finds it over, and that is fine.
    if (record.status !== 'active') return;
    const at = now();
    const moved = await repository.transition(callId, ['active'], {
      status: 'completed',
      endedAt: at,
      endedBy: userId,
      endReason: 'hangup',
      durationSeconds: secondsBetween(record.answeredAt ?? at, at),
      // The transcript stops with the call (its last pieces may still arrive for a while).
      transcriptState: 'off',
      ...(record.transcriptState === 'recording' && { transcriptStoppedAt: at }),
    });
    if (moved) await announce(callId, 'call.ended');
  }

  /**
   * Offer, answer and ICE (and a page going away or coming back) go to the other person, only
   * while the call is connected.
   */
  async function relay(
    userId: string,
    signal: Extract<CallSignal, { kind: 'offer' | 'answer' | 'ice' | 'away' | 'rejoin' }>,
  ) {
    const record = await participantCall(userId, signal.callId);
    if (record.status !== 'active')
      throw callState(isOver(record) ? CALL_MESSAGES.alreadyOver : CALL_MESSAGES.notActive);
    const otherId = record.callerId === userId ? record.calleeId : record.callerId;
    if (!otherId) return;
    const room = userRoom(otherId);
    const base = { callId: record.id, from: userId };
    if (signal.kind === 'away' || signal.kind === 'rejoin') {
      await repository.touch(record.id, now());
      await deps.bus.publish({ room, name: `call.${signal.kind}`, data: base });
    } else if (signal.kind === 'offer') {
      await repository.touch(record.id, now());
      await deps.bus.publish({
        room,
        name: 'call.offer',
        data: { ...base, sdp: signal.sdp, restart: signal.restart ?? false },
      });
    } else if (signal.kind === 'answer') {
      await deps.bus.publish({ room, name: 'call.answer', data: { ...base, sdp: signal.sdp } });
    } else {
      await deps.bus.publish({
        room,
        name: 'call.ice',
        data: { ...base, candidate: signal.candidate },
      });
    }
  }

  return {
    toCall,

    /** One signal from one of the socket's user (the gateway's `call` action). */
    async signal(userId: string, signal: CallSignal): Promise<void> {
      switch (signal.kind) {
        case 'invite':
          return invite(userId, signal);
        case 'ringing': {
          const record = await participantCall(userId, signal.callId);
          if (record.calleeId !== userId || record.status !== 'ringing') return;
          await announce(signal.callId, 'call.ringing');
          return;
        }
        case 'accept':
          return answer(userId, signal.callId, true);
        case 'decline':
          return answer(userId, signal.callId, false);
        case 'cancel':
          return cancel(userId, signal.callId);
        case 'end':
          return end(userId, signal.callId);
        case 'keepalive': {
          const record = await participantCall(userId, signal.callId);
          if (isOver(record)) throw callState(CALL_MESSAGES.alreadyOver);
          await repository.touch(signal.callId, now());
          return;
        }
        case 'offer':
        case 'answer':
        case 'ice':
        case 'away':
        case 'rejoin':
          return relay(userId, signal);
        case 'transcript-request':
        case 'transcript-accept':
        case 'transcript-decline':
        case 'transcript-stop':
          if (!deps.transcriptConsent) throw notFound(CALL_MESSAGES.notFound);
          return deps.transcriptConsent(userId, signal);
      }
    },

    /** The ring timeout's job: still ringing after CALL_RING_TIMEOUT_MS → missed. */
    async ringTimedOut(callId: string): Promise<void> {
      const moved = await repository.transition(callId, ['ringing'], {
        status: 'missed',
        endedAt: now(),
        endReason: 'timeout',
      });
      if (!moved) return;
      const record = await announce(callId, 'call.missed');
      if (record) await notifyMissed(record, false);
    },

    async list(userId: string, query: { before?: string; limit: number }): Promise<CallList> {
      await closeStale(userId);
      const before = query.before ? new Date(query.before) : undefined;
      const [records, total] = await Promise.all([
        repository.listFor(userId, before, query.limit + 1),
        repository.countFor(userId),
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
      return toCall(await participantCall(userId, callId), userId);
    },

    config(userId: string): CallConfig {
      return {
        iceServers: iceServersFor(deps.iceServers, deps.turn ?? null, userId, now()),
        ringTimeoutMs: CALL_RING_TIMEOUT_MS,
        keepaliveMs: CALL_KEEPALIVE_MS,
      };
    },

    async exportFor(userId: string) {
      const records = await repository.listFor(userId, undefined, 1_000_000);
      return records.map((record) => toCall(record, userId));
    },

    deleteDataOf: (userId: string) => repository.leave(userId),
  };
}
