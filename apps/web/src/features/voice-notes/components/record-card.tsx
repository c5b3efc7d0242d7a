import { VOICE_NOTE_TITLE_MAX } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { VoiceRecording } from '../../../components/voice-recorder/use-voice-recorder';
import { VoiceRecorder } from '../../../components/voice-recorder/voice-recorder';
import { createVoiceNote } from '../api/voice-note-requests';
import { VOICE_NOTES_KEY } from '../hooks/use-voice-notes';

/** Record a note; once saved it shows under 'Your Voice Notes' (the recorder path). */
export function RecordCard({ showsOwnNotes }: { showsOwnNotes: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const titleId = useId();

  async function save({ blob, durationMs }: VoiceRecording) {
    await createVoiceNote({
      audio: blob,
      filename: 'recording.webm',
      durationMs,
      title: title.trim() || undefined,
    });
    setTitle('');
    await queryClient.invalidateQueries({ queryKey: [...VOICE_NOTES_KEY, 'list'] });
    toast.success('Voice note saved', { description: 'Its transcript will follow shortly.' });
    if (!showsOwnNotes) void navigate('/app/voice-notes/recorder');
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Record a voice note</CardTitle>
        <CardDescription>Speak freely; the audio is kept and a transcript follows.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex max-w-md flex-col gap-1.5">
          <Label htmlFor={titleId}>Title (optional)</Label>
          <Input
            id={titleId}
            value={title}
            maxLength={VOICE_NOTE_TITLE_MAX}
            placeholder="When and what it was about, if you like"
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <VoiceRecorder onRecorded={save} />
      </CardContent>
    </Card>
  );
}
