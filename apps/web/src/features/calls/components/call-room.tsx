import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { LetterAvatar } from '../../../components/ui/avatar';
import { Spinner } from '../../../components/ui/spinner';
import { callConfigQuery } from '../api/calls-requests';
import { endedSentence, formatDuration, initials } from '../call-format';
import { usePeerCall, type RoomIntent } from '../hooks/use-peer-call';
import type { CallPhase } from '../peer-call';
import { CallControls } from './call-controls';
import { CallStage } from './call-stage';
import { DevicePickers } from './device-pickers';
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
    call?.type === 'video' ||
    (!!intent && 'invite' in intent && intent.invite.callType === 'video');
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

      <CallStage state={state} other={other} video={video} />
      <CallControls peer={peer} state={state} phase={phase} video={video} />
      {live && <TranscriptControls peer={peer} state={state} />}
      <DevicePickers peer={peer} state={state} video={video} />
    </section>
  );
}
