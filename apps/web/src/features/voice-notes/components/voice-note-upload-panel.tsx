import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FileUploadPanel } from '../../../components/file-upload/file-upload-panel';
import { useSession } from '../../../lib/session';
import { createVoiceNote } from '../api/voice-note-requests';
import { VOICE_NOTES_KEY } from '../hooks/use-voice-notes';

/** The length of an audio file as the browser reads it; 0 when it cannot tell. */
function audioDurationMs(file: File): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    const done = (ms: number) => {
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(ms) && ms > 0 ? Math.round(ms) : 0);
    };
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => done(audio.duration * 1000);
    audio.onerror = () => done(0);
    audio.src = url;
  });
}

const OWN_NOTES_PATH = '/app/voice-notes/recorder';

// Uploads of this visit, newest first, per account (the drawer closes and opens; the list stays).
let recentUploads: { userId: string; title: string }[] = [];

/** The upload drawer for voice notes: audio files by drop or browse; the server checks the type. */
export function VoiceNoteUploadPanel() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [busy, setBusy] = useState(false);
  const userId = session.user?.id ?? '';
  const [, setRevision] = useState(0);
  const recent = recentUploads.filter((upload) => upload.userId === userId).map((u) => u.title);

  async function upload(files: File[]) {
    if (files.length === 0) return;
    setBusy(true);
    let uploaded = false;
    for (const file of files) {
      try {
        const note = await createVoiceNote({
          audio: file,
          filename: file.name,
          durationMs: await audioDurationMs(file),
          title: file.name.replace(/\.[^.]+$/, ''),
        });
        recentUploads = [{ userId, title: note.title }, ...recentUploads].slice(0, 5);
        setRevision((revision) => revision + 1);
        uploaded = true;
        toast.success('Voice note uploaded', { description: file.name });
      } catch (error) {
        toast.error('Upload failed', {
          description: error instanceof Error ? error.message : 'Failed to upload file',
        });
      }
    }
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: [...VOICE_NOTES_KEY, 'list'] });
    // An upload is one of the person's own notes: show it where they are listed, as recording does.
    if (uploaded && pathname !== OWN_NOTES_PATH) void navigate(OWN_NOTES_PATH);
  }

  return (
    <FileUploadPanel
      hint="Drag files here or click to browse"
      detail="Audio files up to 50 MB"
      accept="audio/*"
      inputTestId="voice-note-upload-input"
      busy={busy}
      recent={recent}
      onFiles={(files) => void upload(files)}
    />
  );
}
