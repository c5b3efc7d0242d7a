import type { VoiceNote } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { Download } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDuration } from '../../../components/voice-recorder/voice-recorder';
import { voiceNoteAudioUrl } from '../api/voice-note-requests';
import { useVoiceNoteMutations } from '../hooks/use-voice-note-mutations';
import { DeleteVoiceNoteDialog } from './delete-voice-note-dialog';
import { SendVoiceNoteDialog } from './send-voice-note-dialog';
import { VoiceNoteTitle } from './voice-note-title';
import { VoiceNoteTranscript } from './voice-note-transcript';

/** One note: title, length and date, who it is from or to, playback, actions, transcript. */
export function VoiceNoteItem({ note, mine }: { note: VoiceNote; mine: boolean }) {
  const { update, transcribe, send, listen, remove } = useVoiceNoteMutations(note.id);
  // A received note is listened to when its recipient presses play, not when the player loads.
  const played = () => {
    if (!mine && note.listened === false && !listen.isPending) listen.mutate();
  };
  const created = new Date(note.createdAt);
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border p-4"
      data-testid="voice-note"
      data-note-id={note.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <VoiceNoteTitle title={note.title} editable={mine} update={update} />
          <p className={cn('text-xs text-muted-foreground', mine && 'px-2')}>
            <span data-testid="voice-note-duration">{formatDuration(note.durationMs)}</span>
            {' · '}
            <time dateTime={note.createdAt}>{created.toLocaleString()}</time>
            {!mine && ` · From ${note.owner.fullName}`}
            {mine &&
              note.recipients.length > 0 &&
              ` · Sent to ${note.recipients.map((r) => `${r.fullName}${r.listened ? ' (listened)' : ''}`).join(', ')}`}
            {!mine && note.listened === false && (
              <span className="ml-2 rounded bg-primary px-1.5 py-0.5 text-primary-foreground">
                New
              </span>
            )}
          </p>
        </div>
        <div className="flex items-center gap-1">
          {note.hasAudio && (
            <a
              href={voiceNoteAudioUrl(note.id, true)}
              download
              aria-label={`Download ${note.title}`}
              className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            >
              <Download aria-hidden="true" />
            </a>
          )}
          {mine && <SendVoiceNoteDialog title={note.title} send={send} />}
          <DeleteVoiceNoteDialog title={note.title} received={!mine} remove={remove} />
        </div>
      </div>
      {note.hasAudio ? (
        <audio
          controls
          preload="metadata"
          src={voiceNoteAudioUrl(note.id)}
          aria-label={`Play ${note.title}`}
          className="w-full"
          onPlay={played}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          The audio was removed after transcription, as the voice note settings ask.
        </p>
      )}
      <VoiceNoteTranscript note={note} editable={mine} update={update} transcribe={transcribe} />
    </li>
  );
}
