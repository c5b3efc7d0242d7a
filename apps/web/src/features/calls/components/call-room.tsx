import { useQuery } from '@tanstack/react-query';
import { Mic, MicOff, PhoneOff, Phone, Video, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { LetterAvatar } from '../../../components/ui/avatar';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { callConfigQuery } from '../../../lib/api/calls';
import { endedSentence, formatDuration, initials } from '../call-format';
import { usePeerCall, type RoomIntent } from '../hooks/use-peer-call';
import type { CallPhase } from '../peer-call';
import { TranscriptControls } from './transcript-controls';

const PHASE_TEXT: Record<CallPhase, string> = {
  placing: 'Calling…',
  ringing: 'Ringing…',
  incoming: 'Incoming call',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  failed: 'Connection failed',
  ended: 'Call ended',
};

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

/** Seconds since `from` (ISO), ticking every second. */
function useElapsed(from: string | null, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return from ? Math.max(0, (now - new Date(from).getTime()) / 1000) : 0;
}

/** /app/calls/room/:callId: the in-call screen (issue #12). */
export function CallRoom({ callId }: { callId: string }) {
  const location = useLocation();
  const intent = (location.state as RoomIntent | undefined) ?? null;
  const config = useQuery(callConfigQuery());
  const { peer, state, loadError } = usePeerCall(callId, config.data, intent);
  const { call, phase } = state;
  const live = phase === 'connected' || phase === 'reconnecting';
  const elapsed = useElapsed(call?.answeredAt ?? null, live);
  const video =
    call?.type === 'video' || (intent && 'invite' in intent && intent.invite.callType === 'video');
  const other = call?.other;

  if (loadError)
    return (
      <Alert tone="error" className="mt-4">
        {loadError}
      </Alert>
    );
  if (config.isError)
    return (
      <Alert tone="error" className="mt-4">
        Calls could not be loaded. Please reload the page.
      </Alert>
    );
  if (!peer) return <Spinner label="Opening the call" />;

  return (
    <section
      aria-labelledby="call-heading"
      className="mt-4 flex flex-col gap-4"
      data-testid="call-room"
    >
      <div className="flex items-center gap-3">
        <LetterAvatar
          letters={initials(other?.name ?? '?')}
          imageUrl={other?.avatarUrl || null}
          large
        />
        <div className="min-w-0">
          <h2 id="call-heading" className="truncate text-lg font-semibold">
            {other
              ? `${video ? 'Video' : 'Audio'} call with ${other.name}`
              : `${video ? 'Video' : 'Audio'} call`}
          </h2>
          <p className="text-sm text-muted-foreground">
            <span data-testid="call-phase" data-phase={phase} aria-live="polite">
              {PHASE_TEXT[phase]}
            </span>
            {live && (
              <>
                {' · '}
                <span data-testid="call-timer" aria-label="Call time">
                  {formatDuration(elapsed)}
                </span>
              </>
            )}
          </p>
        </div>
      </div>

      {state.error && <Alert tone="error">{state.error}</Alert>}
      {state.notice && live && <Alert tone="info">{state.notice}</Alert>}
      {state.mediaNotices.map((notice) => (
        <Alert key={notice} tone="warning">
          {notice}
        </Alert>
      ))}
      {phase === 'ended' && call && call.status !== 'ringing' && call.status !== 'active' && (
        <Alert tone="info">{endedSentence(call)}</Alert>
      )}

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

      {phase === 'incoming' ? (
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
      )}

      {live && <TranscriptControls peer={peer} state={state} />}

      {phase !== 'ended' && (state.microphones.length > 0 || state.cameras.length > 0) && (
        <div className="flex flex-wrap gap-4 text-sm">
          {state.microphones.length > 0 && (
            <label className="flex items-center gap-2">
              Microphone
              <select
                className="h-9 rounded-md border bg-background px-2"
                value={state.microphoneId ?? ''}
                onChange={(event) => void peer.useMicrophone(event.target.value)}
              >
                {state.microphones.map((device, i) => (
                  <option key={device.deviceId || i} value={device.deviceId}>
                    {device.label || `Microphone ${i + 1}`}
                  </option>
                ))}
              </select>
            </label>
          )}
          {video && state.cameras.length > 0 && (
            <label className="flex items-center gap-2">
              Camera
              <select
                className="h-9 rounded-md border bg-background px-2"
                value={state.cameraId ?? ''}
                onChange={(event) => void peer.useCamera(event.target.value)}
              >
                {state.cameras.map((device, i) => (
                  <option key={device.deviceId || i} value={device.deviceId}>
                    {device.label || `Camera ${i + 1}`}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
    </section>
  );
}
