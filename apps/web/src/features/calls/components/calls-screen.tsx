import type { Call, CallType } from '@kaleido/shared/calls/calls.schemas';
import { useQuery } from '@tanstack/react-query';
import { FileText, Phone, PhoneCall, PhoneIncoming, PhoneOutgoing, Video } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { callHistoryQuery } from '../api/calls-requests';
import { errorMessage } from '../../../lib/api-client';
import { useFeature } from '../../../lib/instance-features';
import { usersSearchQuery } from '../../../lib/api/users-search';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { formatDuration, formatWhen, statusLabel } from '../call-format';
import { TranscriptDialog } from './transcript-dialog';

/** Places a call: a fresh id, then the room, which sends the invite. */
export function useStartCall() {
  const navigate = useNavigate();
  return (calleeId: string, callType: CallType) =>
    void navigate(`/app/calls/room/${crypto.randomUUID()}`, {
      state: { invite: { calleeId, callType } },
    });
}

/** Whom to call: the same user search as chat's 'Find users' and the palette. */
function NewCallDialog({
  asked,
  types,
  to,
  onClose,
}: {
  /** The kinds the person asked for: one from /new/audio or /new/video, both from 'Start New Call'. */
  asked: CallType[];
  /** The kinds offered: those asked for that the instance allows. */
  types: CallType[];
  to: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const startCall = useStartCall();
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text.trim());
  const results = useQuery({ ...usersSearchQuery(settled), enabled: settled.length > 0 && !to });
  const people = to
    ? [{ id: to.id, name: to.name, email: '' }]
    : (results.data ?? []).map((u) => ({ id: u.user_id, name: u.full_name, email: u.email }));
  // 'Start a call' answers 'Start New Call' even when video is off and only audio is offered.
  const only = asked.length === 1 ? types[0] : undefined;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={only ? `Start ${only === 'audio' ? 'an audio' : 'a video'} call` : 'Start a call'}
        description={to ? `Call ${to.name}?` : 'Whom would you like to call?'}
      >
        {!to && (
          <Input
            aria-label="Search people by name or email"
            placeholder="Search by name or email"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoFocus
          />
        )}
        {results.isFetching && <Spinner label="Searching" />}
        {results.isError && <Alert tone="error">{errorMessage(results.error)}</Alert>}
        {!to && settled && results.isSuccess && people.length === 0 && (
          <p className="text-sm text-muted-foreground">Nobody found.</p>
        )}
        <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto" aria-label="People">
          {people.map((p) => (
            <li
              key={p.id}
              className="flex items-center justify-between gap-2 rounded-md border p-2"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{p.name}</p>
                {p.email && <p className="truncate text-xs text-muted-foreground">{p.email}</p>}
              </div>
              <div className="flex gap-1">
                {types.map((type) => (
                  <Button
                    key={type}
                    size="sm"
                    variant="outline"
                    aria-label={`${type === 'audio' ? 'Audio' : 'Video'} call ${p.name}`}
                    onClick={() => startCall(p.id, type)}
                  >
                    {type === 'audio' ? <Phone aria-hidden="true" /> : <Video aria-hidden="true" />}
                    {type === 'audio' ? 'Audio' : 'Video'}
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

function CallRow({ call, videoInput }: { call: Call; videoInput: boolean }) {
  const startCall = useStartCall();
  const [viewing, setViewing] = useState(false);
  const Direction = call.direction === 'outgoing' ? PhoneOutgoing : PhoneIncoming;
  const status = statusLabel(call);
  const problem = call.status === 'missed' || call.status === 'declined';
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-md border p-3" data-testid="call-row">
      <Direction
        className={problem ? 'size-5 text-destructive' : 'size-5 text-muted-foreground'}
        aria-label={call.direction === 'outgoing' ? 'Outgoing' : 'Incoming'}
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{call.other.name}</p>
        <p className="text-sm text-muted-foreground">
          <span>{call.type === 'video' ? 'Video' : 'Audio'}</span>
          {' · '}
          <span data-testid="call-status" data-status={call.status}>
            {status}
          </span>
          {call.duration > 0 && <> · {formatDuration(call.duration)}</>}
          {' · '}
          <time dateTime={call.timestamp}>{formatWhen(call.timestamp)}</time>
        </p>
      </div>
      {call.hasTranscript && (
        <Button
          size="sm"
          variant="outline"
          aria-label={`View Transcript of the call with ${call.other.name}`}
          onClick={() => setViewing(true)}
        >
          <FileText aria-hidden="true" /> View Transcript
        </Button>
      )}
      {viewing && <TranscriptDialog callId={call.id} onClose={() => setViewing(false)} />}
      {call.other.id && (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Call ${call.other.name} back`}
          onClick={() => startCall(call.other.id ?? '', videoInput ? call.type : 'audio')}
        >
          <PhoneCall aria-hidden="true" /> Call back
        </Button>
      )}
    </li>
  );
}

/**
 * /app/calls/history, /new/audio, /new/video (SPEC §2): start an audio or a video call, and the
 * Recent Calls with their count. `?new=true` (the palette's 'Start New Call') asks whom to call;
 * `to` (a person's id, from chat) and `name` skip the search. While the instance has video input
 * off, video is not offered (the server refuses video calls): /new/video asks for an audio call.
 */
export function CallsScreen({
  newCall,
  onCloseNew,
  to,
}: {
  newCall: CallType[] | null;
  onCloseNew: () => void;
  to: { id: string; name: string } | null;
}) {
  const navigate = useNavigate();
  const history = useQuery(callHistoryQuery());
  const videoInput = useFeature('video_input');
  const offered = newCall?.filter((type) => videoInput || type === 'audio');
  return (
    <div className="mt-4 flex flex-col gap-6">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void navigate('/app/calls/new/audio')}>
          <Phone aria-hidden="true" /> Start Audio Call
        </Button>
        {videoInput && (
          <Button onClick={() => void navigate('/app/calls/new/video')}>
            <Video aria-hidden="true" /> Start Video Call
          </Button>
        )}
      </div>
      <section aria-labelledby="recent-calls-heading" className="flex flex-col gap-3">
        <h2 id="recent-calls-heading" className="text-lg font-semibold">
          Recent Calls{' '}
          <span className="text-muted-foreground" data-testid="recent-calls-count">
            ({history.data?.total ?? 0})
          </span>
        </h2>
        {history.isPending ? (
          <Spinner label="Loading calls" />
        ) : history.isError ? (
          <Alert tone="error">{errorMessage(history.error)}</Alert>
        ) : history.data.calls.length === 0 ? (
          <EmptyState icon={Phone} title="No calls yet">
            Calls you make and receive will be listed here.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-2">
            {history.data.calls.map((call) => (
              <CallRow key={call.id} call={call} videoInput={videoInput} />
            ))}
          </ul>
        )}
      </section>
      {offered && (
        <NewCallDialog
          asked={newCall ?? []}
          types={offered.length > 0 ? offered : ['audio']}
          to={to}
          onClose={onCloseNew}
        />
      )}
    </div>
  );
}
