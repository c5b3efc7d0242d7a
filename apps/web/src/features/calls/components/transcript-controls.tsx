import { CALL_MESSAGES } from '@kaleido/shared/calls/calls.schemas';
import { Circle, FileText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { PeerCall, PeerCallState } from '../peer-call';

/**
 * The transcript's consent in the room: ask, answer the other's request, the recording
 * indicator both people see the whole time it records, and Stop for either.
 */
export function TranscriptControls({ peer, state }: { peer: PeerCall; state: PeerCallState }) {
  const { call } = state;
  if (!call || call.status !== 'active') return null;
  const other = call.other.name;
  const mine = call.transcriptRequestedBy !== null && call.transcriptRequestedBy !== call.other.id;
  return (
    <div className="flex flex-col gap-2" data-testid="transcript-controls">
      {call.transcriptState === 'recording' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p
            role="status"
            data-testid="transcript-indicator"
            className="flex items-center gap-2 rounded-md border border-destructive/40 px-3 py-1.5 text-sm font-medium text-destructive"
          >
            <Circle className="size-3 animate-pulse fill-current" aria-hidden="true" />
            {CALL_MESSAGES.transcriptRecording}
          </p>
          <Button variant="outline" size="sm" onClick={() => peer.stopTranscript()}>
            Stop transcript
          </Button>
        </div>
      ) : call.transcriptState === 'requested' && mine ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground" role="status">
            {CALL_MESSAGES.transcriptWaiting(other)}
          </p>
          <Button variant="outline" size="sm" onClick={() => peer.stopTranscript()}>
            Cancel request
          </Button>
        </div>
      ) : call.transcriptState === 'requested' ? (
        <div
          role="alertdialog"
          aria-label="Transcript request"
          className="flex flex-wrap items-center gap-3 rounded-md border p-3"
        >
          <p className="text-sm">{CALL_MESSAGES.transcriptAsked(other)}</p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => peer.acceptTranscript()}>
              Accept transcript
            </Button>
            <Button variant="outline" size="sm" onClick={() => peer.declineTranscript()}>
              Decline transcript
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button variant="outline" size="sm" onClick={() => peer.requestTranscript()}>
            <FileText aria-hidden="true" /> Record transcript
          </Button>
        </div>
      )}
    </div>
  );
}
