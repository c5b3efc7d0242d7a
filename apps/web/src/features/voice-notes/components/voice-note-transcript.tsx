import {
  VOICE_NOTE_TRANSCRIPT_MAX,
  type VoiceNote,
} from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { LoaderCircle, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import type { useVoiceNoteMutations } from '../hooks/use-voice-note-mutations';

type Mutations = ReturnType<typeof useVoiceNoteMutations>;

/**
 * The transcript as an editable draft: the embedded engine mishears often (DESIGN §6), so the
 * text is offered for correction, never presented as exact.
 */
export function VoiceNoteTranscript({
  note,
  editable,
  update,
  transcribe,
}: {
  note: VoiceNote;
  editable: boolean;
  update: Mutations['update'];
  transcribe: Mutations['transcribe'];
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();

  if (note.transcriptStatus === 'pending') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Transcribing…
      </p>
    );
  }
  if (note.transcriptStatus === 'failed' || note.transcriptStatus === 'off') {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span>
          {note.transcriptStatus === 'failed'
            ? 'The transcript could not be made.'
            : 'No transcript: transcription is off for this note.'}
        </span>
        {editable && note.hasAudio && (
          <TranscribeAgainButton transcribe={transcribe}>
            {note.transcriptStatus === 'failed' ? 'Try again' : 'Transcribe'}
          </TranscribeAgainButton>
        )}
      </div>
    );
  }

  const value = draft ?? note.transcript ?? '';
  const changed = draft !== null && draft !== (note.transcript ?? '');
  // The engine heard nothing it could turn into words (silence, noise, a very quiet voice).
  const noSpeech = !note.transcriptEdited && (note.transcript ?? '').trim() === '';
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium">
        Transcript{note.transcriptEdited ? ' (edited)' : ' (draft)'}
      </label>
      {noSpeech ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <p id={hintId}>
            {/* Only the person who recorded it can retry or write what was said. */}
            {editable
              ? 'No speech was recognised in this recording. You can try again, or write what you said.'
              : 'No speech was recognised in this recording. Play it to hear what was said.'}
          </p>
          {editable && note.hasAudio && (
            <TranscribeAgainButton transcribe={transcribe}>Try again</TranscribeAgainButton>
          )}
        </div>
      ) : (
        <p id={hintId} className="text-xs text-muted-foreground">
          {note.transcriptEdited
            ? 'Corrected by hand.'
            : `Written automatically, so some words may be wrong.${editable ? ' You can correct it.' : ''}`}
        </p>
      )}
      <textarea
        id={fieldId}
        aria-describedby={hintId}
        readOnly={!editable}
        value={value}
        maxLength={VOICE_NOTE_TRANSCRIPT_MAX}
        rows={3}
        onChange={(event) => setDraft(event.target.value)}
        className="w-full rounded-md border bg-background px-3 py-2 text-sm"
      />
      {editable && changed && (
        <div className="flex gap-2">
          <Button
            size="sm"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { transcript: value },
                {
                  onSuccess: () => {
                    setDraft(null);
                    toast.success('Transcript saved');
                  },
                  onError: (error) => toast.error('Error', { description: error.message }),
                },
              )
            }
          >
            Save transcript
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDraft(null)}>
            Discard changes
          </Button>
        </div>
      )}
    </div>
  );
}

/** Sends the note's audio back to the speech queue; a refusal is shown as a toast. */
function TranscribeAgainButton({
  transcribe,
  children,
}: {
  transcribe: Mutations['transcribe'];
  children: string;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={transcribe.isPending}
      onClick={() =>
        transcribe.mutate(undefined, {
          onError: (error) => toast.error('Error', { description: error.message }),
        })
      }
    >
      <RotateCcw aria-hidden="true" />
      {children}
    </Button>
  );
}
