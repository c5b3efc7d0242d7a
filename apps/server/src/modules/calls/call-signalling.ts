import { CALL_MESSAGES, type CallSignal } from '@kaleido/shared/calls/calls.schemas';
import type { CallEvents, RelayedSignal } from './call-events';
import type { CallPlacing } from './call-placing';
import type { CallRinging } from './call-ringing';
import { announceCall, callState, isOver, participantCall } from './call-states';
import type { CallTranscriptConsent } from './call-transcript-consent';
import { secondsBetween } from './calls-records';
import type { CallsRepository } from './calls.repository';

export type CallSignalling = ReturnType<typeof createCallSignalling>;

/**
 * The socket's `call` action (issue #12): each signal from one of a call's two people goes to
 * the idea that handles it. A connected call relays the browsers' negotiation, stays alive on
 * keepalives and ends `completed` when either hangs up (or, closeStaleCalls, when both browsers
 * go quiet). Only the two participants may signal a call; anyone else is told it does not exist.
 */
export function createCallSignalling(deps: {
  repository: CallsRepository;
  events: CallEvents;
  placing: Pick<CallPlacing, 'invite'>;
  ringing: Pick<CallRinging, 'ringing' | 'answer' | 'cancel'>;
  /** The transcript's consent signals (call-transcript-consent.ts). */
  transcripts: Pick<CallTranscriptConsent, 'consent'>;
  now: () => Date;
}) {
  const { repository, ringing, now } = deps;

  async function end(userId: string, callId: string) {
    const record = await participantCall(repository, userId, callId);
    if (record.status === 'ringing')
      return record.callerId === userId
        ? ringing.cancel(userId, callId)
        : ringing.answer(userId, callId, false);
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
    if (moved) await announceCall(deps, callId, 'call.ended');
  }

  /**
   * Offer, answer and ICE (and a page going away or coming back) go to the other person, only
   * while the call is connected.
   */
  async function relay(userId: string, signal: RelayedSignal) {
    const record = await participantCall(repository, userId, signal.callId);
    if (record.status !== 'active')
      throw callState(isOver(record) ? CALL_MESSAGES.alreadyOver : CALL_MESSAGES.notActive);
    const otherId = record.callerId === userId ? record.calleeId : record.callerId;
    if (!otherId) return;
    if (signal.kind === 'away' || signal.kind === 'rejoin' || signal.kind === 'offer')
      await repository.touch(record.id, now());
    await deps.events.signalRelayed({ callId: record.id, from: userId, to: otherId, signal });
  }

  async function keepalive(userId: string, callId: string) {
    const record = await participantCall(repository, userId, callId);
    if (isOver(record)) throw callState(CALL_MESSAGES.alreadyOver);
    await repository.touch(callId, now());
  }

  return {
    /** One signal from one of the socket's user (the gateway's `call` action). */
    async signal(userId: string, signal: CallSignal): Promise<void> {
      switch (signal.kind) {
        case 'invite':
          return deps.placing.invite(userId, signal);
        case 'ringing':
          return ringing.ringing(userId, signal.callId);
        case 'accept':
          return ringing.answer(userId, signal.callId, true);
        case 'decline':
          return ringing.answer(userId, signal.callId, false);
        case 'cancel':
          return ringing.cancel(userId, signal.callId);
        case 'end':
          return end(userId, signal.callId);
        case 'keepalive':
          return keepalive(userId, signal.callId);
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
          return deps.transcripts.consent(userId, signal);
      }
    },
  };
}
