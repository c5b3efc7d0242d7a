import { Phone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { CallParty } from '@kaleido/shared/calls/calls.schemas';
import type { PeerCallState } from '../peer-call';

function MediaView({
  stream,
  muted,
  label,
  className,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
  }, [stream]);
  return (
    <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} className={className} />
  );
}

/** What the call shows: the other person's video (or a phone for audio), and yours in a corner. */
export function CallStage({
  state,
  other,
  video,
}: {
  state: PeerCallState;
  other: CallParty | undefined;
  video: boolean;
}) {
  return (
    <div className="relative overflow-hidden rounded-lg border bg-black/90">
      <MediaView
        stream={state.remoteStream}
        muted={false}
        label={other ? `${other.name}'s video` : 'Remote video'}
        className={video ? 'aspect-video w-full object-contain' : 'h-0 w-0'}
      />
      {!video && (
        <div className="flex h-40 items-center justify-center text-white/80">
          <Phone className="size-10" aria-hidden="true" />
        </div>
      )}
      {video && (
        <MediaView
          stream={state.cameraOff ? null : state.localStream}
          muted
          label="Your video"
          className="absolute right-3 bottom-3 aspect-video w-1/4 min-w-28 rounded-md border border-white/40 bg-black object-cover"
        />
      )}
    </div>
  );
}
