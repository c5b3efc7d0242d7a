import type { Call } from '@kaleido/shared/calls/calls.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyOverlay } from '../../../components/ui/lazy-overlay';
import { callKeys } from '../api/calls-requests';
import { lazyPart } from '../../../lib/lazy-part';
import { realtime } from '../../../lib/realtime';

const dialog = lazyPart(() => import('./incoming-call-dialog'));

/**
 * The incoming-call dialog, on every page of the workspace: the caller's name and avatar,
 * Accept (opens the call's room) and Decline. It closes by itself when the caller cancels, the
 * call times out, or another tab of this person answered. Every call event also refreshes the
 * history.
 */
export function IncomingCall() {
  const [incoming, setIncoming] = useState<Call | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      realtime.onEvent((message) => {
        if (!message.name.startsWith('call.')) return;
        const call = (message.data as { call?: Call }).call;
        if (!call) return;
        void queryClient.invalidateQueries({ queryKey: callKeys.history });
        if (message.name === 'call.invited' && call.direction === 'incoming') {
          setIncoming((current) => current ?? call);
          realtime.sendCall({ kind: 'ringing', callId: call.id });
          return;
        }
        if (call.status !== 'ringing')
          setIncoming((current) => (current?.id === call.id ? null : current));
      }),
    [queryClient],
  );

  const answer = (accept: boolean) => {
    const call = incoming;
    if (!call) return;
    setIncoming(null);
    if (!accept) {
      realtime.sendCall({ kind: 'decline', callId: call.id });
      return;
    }
    realtime.sendCall({ kind: 'accept', callId: call.id });
    void navigate(`/app/calls/room/${call.id}`, { state: { accepted: true } });
  };

  // The dialog's module is fetched when the browser is idle, or when a call comes in first.
  return (
    <LazyOverlay part={dialog} wanted={incoming !== null}>
      {(loaded) =>
        incoming && (
          <loaded.IncomingCallDialog
            call={incoming}
            onAnswer={answer}
            onHide={() => setIncoming(null)}
          />
        )
      }
    </LazyOverlay>
  );
}
