import type { Call } from '@kaleido/shared/calls/calls.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Phone, PhoneOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LetterAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { callKeys } from '../../../lib/api/calls';
import { realtime } from '../../../lib/realtime';
import { initials } from '../call-format';

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

  if (!incoming) return null;
  const kind = incoming.type === 'video' ? 'video' : 'audio';
  const answer = (accept: boolean) => {
    const call = incoming;
    setIncoming(null);
    if (!accept) {
      realtime.sendCall({ kind: 'decline', callId: call.id });
      return;
    }
    realtime.sendCall({ kind: 'accept', callId: call.id });
    void navigate(`/app/calls/room/${call.id}`, { state: { accepted: true } });
  };

  return (
    // Closing without an answer only hides it: the call rings on and is missed.
    <Dialog open onOpenChange={(open) => !open && setIncoming(null)}>
      <DialogContent
        title={`Incoming ${kind} call`}
        description={`${incoming.other.name} is calling you.`}
        data-testid="incoming-call"
      >
        <div className="flex items-center gap-3">
          <LetterAvatar
            letters={initials(incoming.other.name)}
            imageUrl={incoming.other.avatarUrl || null}
            large
          />
          <p className="font-medium">{incoming.other.name}</p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="destructive" onClick={() => answer(false)}>
            <PhoneOff aria-hidden="true" /> Decline
          </Button>
          <Button onClick={() => answer(true)} autoFocus>
            <Phone aria-hidden="true" /> Accept
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
