import type { VoiceNoteBox } from '../api/voice-note-requests';
import { RecordCard } from './record-card';
import { TranscriptionOffBanner } from './transcription-off-banner';
import { VoiceNoteList } from './voice-note-list';
import { VoiceNotesToolbar } from './voice-notes-toolbar';

/** The one voice notes screen (SPEC §2): the record card, then the box the path names. */
export function VoiceNotesScreen({ box }: { box: VoiceNoteBox }) {
  return (
    <div className="mt-4 flex flex-col gap-6">
      <TranscriptionOffBanner />
      <RecordCard showsOwnNotes={box === 'mine'} />
      <VoiceNotesToolbar />
      <VoiceNoteList box={box} />
    </div>
  );
}
