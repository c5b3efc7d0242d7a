import { Mic, MicOff, Phone, PhoneOff, Video, VideoOff } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button';
import type { CallPhase, PeerCall, PeerCallState } from '../peer-call';

/** The buttons of the phase: answer an incoming call, leave an ended one, or the in-call controls. */
export function CallControls({
  peer,
  state,
  phase,
  video,
}: {
  peer: PeerCall;
  state: PeerCallState;
  phase: CallPhase;
  video: boolean;
}) {
  return phase === 'incoming' ? (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => peer.accept()}>
        <Phone aria-hidden="true" /> Accept
      </Button>
      <Button variant="destructive" onClick={() => peer.decline()}>
        <PhoneOff aria-hidden="true" /> Decline
      </Button>
    </div>
  ) : phase === 'ended' || phase === 'failed' ? (
    <div className="flex flex-wrap gap-2">
      {phase === 'failed' && (
        <Button variant="destructive" onClick={() => peer.hangUp()}>
          <PhoneOff aria-hidden="true" /> End call
        </Button>
      )}
      <Link to="/app/calls/history" className={buttonVariants({ variant: 'outline' })}>
        Back to Recent Calls
      </Link>
    </div>
  ) : (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Call controls">
      <Button variant="outline" aria-pressed={state.muted} onClick={() => peer.toggleMute()}>
        {state.muted ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
        {state.muted ? 'Unmute' : 'Mute'}
      </Button>
      {video && (
        <Button
          variant="outline"
          aria-pressed={state.cameraOff}
          onClick={() => peer.toggleCamera()}
        >
          {state.cameraOff ? <VideoOff aria-hidden="true" /> : <Video aria-hidden="true" />}
          {state.cameraOff ? 'Turn camera on' : 'Turn camera off'}
        </Button>
      )}
      <Button variant="destructive" onClick={() => peer.hangUp()}>
        <PhoneOff aria-hidden="true" /> End call
      </Button>
    </div>
  );
}
