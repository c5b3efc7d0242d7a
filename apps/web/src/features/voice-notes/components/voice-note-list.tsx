import type { VoiceNote } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { Mic } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import type { VoiceNoteBox } from '../api/voice-note-requests';
import { useVoiceNoteFilters, type NoteType } from '../hooks/use-voice-note-filters';
import { useVoiceNotes } from '../hooks/use-voice-notes';
import { VoiceNoteItem } from './voice-note-item';

/**
 * SPEC §2: /inbox, /sent and /recorder show the same list with a count; the recorder's own notes
 * are 'Your Voice Notes', and the other boxes say which notes they hold.
 */
const LIST_TITLE: Record<VoiceNoteBox, string> = {
  mine: 'Your Voice Notes',
  inbox: 'Voice Notes Sent to You',
  sent: 'Voice Notes You Sent',
};

const EMPTY_TEXT: Record<VoiceNoteBox, string> = {
  mine: 'Record a note above or upload an audio file; it will be listed here with its transcript.',
  inbox: 'Voice notes other people send you will arrive here.',
  sent: 'Notes you send to someone will be listed here.',
};

function matchesType(note: VoiceNote, type: NoteType): boolean {
  switch (type) {
    case 'all':
      return true;
    case 'transcribed':
      return note.transcriptStatus === 'done';
    case 'pending':
      return note.transcriptStatus === 'pending';
    case 'untranscribed':
      return note.transcriptStatus === 'failed' || note.transcriptStatus === 'off';
    case 'unheard':
      return note.listened === false;
  }
}

/** A box of notes with its count, narrowed by the search box and the filters drawer. */
export function VoiceNoteList({ box }: { box: VoiceNoteBox }) {
  const filters = useVoiceNoteFilters();
  const query = useVoiceNotes({ box, q: filters.q.trim() || undefined, from: filters.from });
  const notes = (query.data ?? []).filter((note) => matchesType(note, filters.type));
  const filtered = filters.q !== '' || filters.range !== 'all' || filters.type !== 'all';
  return (
    <section aria-labelledby="voice-note-list-title" className="flex flex-col gap-3">
      <h2 id="voice-note-list-title" className="text-lg font-semibold">
        {LIST_TITLE[box]}{' '}
        <span className="text-muted-foreground" data-testid="voice-note-count">
          ({notes.length})
        </span>
      </h2>
      {query.isPending && <Spinner label="Loading voice notes" />}
      {query.isError && (
        <Alert tone="error">Failed to load voice notes: {query.error.message}</Alert>
      )}
      {query.isSuccess && notes.length === 0 && (
        <EmptyState icon={Mic} title={filtered ? 'No matching voice notes' : 'No voice notes yet'}>
          {filtered ? 'Try other words or widen the filters.' : EMPTY_TEXT[box]}
        </EmptyState>
      )}
      {notes.length > 0 && (
        <ul className="flex flex-col gap-3">
          {notes.map((note) => (
            <VoiceNoteItem key={note.id} note={note} mine={box !== 'inbox'} />
          ))}
        </ul>
      )}
    </section>
  );
}
