import type { CallTranscriptLine } from '@kaleido/shared/calls/calls.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { callTranscriptQuery, editTranscriptLine, transcriptKey } from '../api/calls-requests';
import { errorMessage } from '../../../lib/api-client';
import { formatWhen } from '../call-format';

function LineText({ line }: { line: CallTranscriptLine }) {
  if (line.status === 'pending')
    return <span className="text-muted-foreground italic">Transcribing…</span>;
  if (line.status === 'failed' && !line.text)
    return (
      <span className="text-muted-foreground italic">This part could not be transcribed.</span>
    );
  if (!line.text) return <span className="text-muted-foreground italic">(nothing heard)</span>;
  return <span>{line.text}</span>;
}

/** One line; the speaker's own can be corrected. */
function Line({ callId, line }: { callId: string; line: CallTranscriptLine }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (text: string) => editTranscriptLine(callId, line.id, text),
    onSuccess: () => {
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: transcriptKey(callId) });
    },
  });
  return (
    <li className="flex flex-col gap-1 rounded-md border p-2" data-testid="transcript-line">
      <p className="text-xs text-muted-foreground">
        <span className="font-medium text-foreground" data-testid="transcript-speaker">
          {line.speaker.name}
        </span>
        {' · '}
        <time dateTime={line.spokenAt}>{formatWhen(line.spokenAt)}</time>
        {line.edited && ' · edited'}
      </p>
      {draft === null ? (
        <div className="flex items-start justify-between gap-2 text-sm">
          <LineText line={line} />
          {line.mine && line.status !== 'pending' && (
            <Button size="sm" variant="ghost" onClick={() => setDraft(line.text ?? '')}>
              Edit
            </Button>
          )}
        </div>
      ) : (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(draft);
          }}
        >
          <textarea
            aria-label="Your words"
            className="min-h-16 rounded-md border bg-background p-2 text-sm"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
          <div className="flex gap-2">
            <Button size="sm" type="submit" disabled={save.isPending}>
              Save
            </Button>
            <Button size="sm" variant="outline" type="button" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

/**
 * 'View Transcript' (SPEC §2 calls history): both people's lines, speaker-labelled and in the
 * order spoken, as draft text; each person corrects only their own.
 */
export function TranscriptDialog({ callId, onClose }: { callId: string; onClose: () => void }) {
  const transcript = useQuery(callTranscriptQuery(callId));
  const lines = transcript.data?.lines ?? [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Transcript"
        description={
          transcript.data
            ? `Call with ${transcript.data.call.other.name} · draft text, each person edits their own words`
            : 'Draft text'
        }
        className="max-w-xl"
      >
        {transcript.isPending ? (
          <Spinner label="Loading the transcript" />
        ) : transcript.isError ? (
          <Alert tone="error">{errorMessage(transcript.error)}</Alert>
        ) : lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing was recorded.</p>
        ) : (
          <ol className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto" aria-label="Transcript">
            {lines.map((line) => (
              <Line key={line.id} callId={callId} line={line} />
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
