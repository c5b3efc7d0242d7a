import { useFeature } from '../../../lib/instance-features';
import type { VoiceNoteBox } from '../api/voice-note-requests';
import { RecordCard } from './record-card';
import { TranscriptionOffBanner } from './transcription-off-banner';
import { VoiceNoteList } from './voice-note-list';
import { VoiceNotesToolbar } from './voice-notes-toolbar';

/** The one voice notes screen (SPEC §2): the record card, then the box the path names. */
export function VoiceNotesScreen({ box }: { box: VoiceNoteBox }) {
  // Audio input off on this instance: nothing to record with (the server refuses it too).
  const audio = useFeature('audio_input');
  return (
    <div className="mt-4 flex flex-col gap-6">
      <TranscriptionOffBanner />
      {audio ? (
        <RecordCard showsOwnNotes={box === 'mine'} />
      ) : (
        <p className="text-sm text-muted-foreground">Recording is turned off on this instance.</p>
      )}
      <VoiceNotesToolbar />
      <VoiceNoteList box={box} />
    </div>
  );
}
