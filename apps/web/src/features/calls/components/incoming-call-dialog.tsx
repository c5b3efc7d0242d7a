import type { Call } from '@kaleido/shared/calls/calls.schemas';
import { Phone, PhoneOff } from 'lucide-react';
import { LetterAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { initials } from '../call-format';

/** The incoming-call dialog itself (`IncomingCall` listens for calls and owns its state). */
export function IncomingCallDialog({
  call,
  onAnswer,
  onHide,
}: {
  call: Call;
  onAnswer: (accept: boolean) => void;
  onHide: () => void;
}) {
  const kind = call.type === 'video' ? 'video' : 'audio';
  return (
    // Closing without an answer only hides it: the call rings on and is missed.
    <Dialog open onOpenChange={(open) => !open && onHide()}>
      <DialogContent
        title={`Incoming ${kind} call`}
        description={`${call.other.name} is calling you.`}
        data-testid="incoming-call"
      >
        <div className="flex items-center gap-3">
          <LetterAvatar
            letters={initials(call.other.name)}
            imageUrl={call.other.avatarUrl || null}
            large
          />
          <p className="font-medium">{call.other.name}</p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="destructive" onClick={() => onAnswer(false)}>
            <PhoneOff aria-hidden="true" /> Decline
          </Button>
          <Button onClick={() => onAnswer(true)} autoFocus>
            <Phone aria-hidden="true" /> Accept
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
