import { CALL_MESSAGES, type CallSignal } from '@kaleido/shared/calls/calls.schemas';
import { conflict } from '../../http/errors';
import type { CallEvents, TranscriptConsentChange } from './call-events';
import { callState, participantCall } from './call-states';
import type { CallsRepository } from './calls.repository';

export type CallTranscriptConsent = ReturnType<typeof createCallTranscriptConsent>;
export type TranscriptSignal = Extract<
  CallSignal,
  { kind: 'transcript-request' | 'transcript-accept' | 'transcript-decline' | 'transcript-stop' }
>;

const transcriptState = (message: string) => conflict(message, 'TRANSCRIPT_STATE');

/**
 * A transcript of a call needs both people's consent (issue #12 item 4). Consent is a small state
 * machine on the call row (`off → requested → recording → off`), each step one conditional
 * UPDATE, and lasts only while the call is connected.
 */
export function createCallTranscriptConsent(deps: {
  calls: CallsRepository;
  events: Pick<CallEvents, 'transcriptConsentChanged'>;
  now: () => Date;
}) {
  const { calls, now } = deps;

  /** Tells both people (each in their own view) that `by` did `change`. */
  async function announce(callId: string, change: TranscriptConsentChange, by: string) {
    const record = await calls.find(callId);
    if (record) await deps.events.transcriptConsentChanged(record, change, by);
  }

  /** A transcript consent signal over the socket (`transcript-*`). */
  async function consent(userId: string, signal: TranscriptSignal): Promise<void> {
    const record = await participantCall(calls, userId, signal.callId);
    if (record.status !== 'active')
      throw callState(
        record.status === 'ringing' ? CALL_MESSAGES.notActive : CALL_MESSAGES.alreadyOver,
      );
    const at = now();
    switch (signal.kind) {
      case 'transcript-request': {
        // Asking when the other already asked is agreeing.
        if (record.transcriptState === 'requested' && record.transcriptRequestedBy !== userId)
          return consent(userId, { kind: 'transcript-accept', callId: signal.callId });
        const moved = await calls.transcriptTransition(signal.callId, ['off'], {
          transcriptState: 'requested',
          transcriptRequestedBy: userId,
        });
        if (!moved) {
          // Both asking at the same moment: the one that came second agrees.
          const current = await participantCall(calls, userId, signal.callId);
          if (current.transcriptState === 'requested' && current.transcriptRequestedBy !== userId)
            return consent(userId, { kind: 'transcript-accept', callId: signal.callId });
          throw transcriptState(
            current.transcriptState === 'recording'
              ? CALL_MESSAGES.transcriptAlreadyOn
              : CALL_MESSAGES.transcriptAlreadyAsked,
          );
        }
        return announce(signal.callId, 'requested', userId);
      }
      case 'transcript-accept':
      case 'transcript-decline': {
        const accept = signal.kind === 'transcript-accept';
        if (record.transcriptState === 'requested' && record.transcriptRequestedBy === userId)
          throw transcriptState(CALL_MESSAGES.transcriptOwnRequest);
        const moved = await calls.transcriptTransition(
          signal.callId,
          ['requested'],
          accept
            ? { transcriptState: 'recording' }
            : { transcriptState: 'off', transcriptRequestedBy: null },
          userId,
        );
        if (!moved)
          throw transcriptState(
            record.transcriptState === 'recording'
              ? CALL_MESSAGES.transcriptAlreadyOn
              : CALL_MESSAGES.transcriptNothingAsked,
          );
        return announce(signal.callId, accept ? 'accepted' : 'declined', userId);
      }
      case 'transcript-stop': {
        const moved = await calls.transcriptTransition(signal.callId, ['requested', 'recording'], {
          transcriptState: 'off',
          transcriptRequestedBy: null,
          ...(record.transcriptState === 'recording' && { transcriptStoppedAt: at }),
        });
        // Stopping what is already off is what both pressing Stop at once looks like.
        if (moved) await announce(signal.callId, 'stopped', userId);
        return;
      }
    }
  }

  return { consent };
}
