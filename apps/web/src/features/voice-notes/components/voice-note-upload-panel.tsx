import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
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

// Uploads of this visit, newest first, per account (the drawer closes and opens; the list stays).
let recentUploads: { userId: string; title: string }[] = [];

/** The upload drawer for voice notes: audio files by drop or browse; the server checks the type. */
export function VoiceNoteUploadPanel() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const userId = session.user?.id ?? '';
  const [, setRevision] = useState(0);
  const recent = recentUploads.filter((upload) => upload.userId === userId).map((u) => u.title);

  async function upload(files: FileList | null) {
    if (!files || files.length === 0) return;
    setBusy(true);
    for (const file of Array.from(files)) {
      try {
        const note = await createVoiceNote({
          audio: file,
          filename: file.name,
          durationMs: await audioDurationMs(file),
          title: file.name.replace(/\.[^.]+$/, ''),
        });
        recentUploads = [{ userId, title: note.title }, ...recentUploads].slice(0, 5);
        setRevision((revision) => revision + 1);
        toast.success('Voice note uploaded', { description: file.name });
      } catch (error) {
        toast.error('Upload failed', {
          description: error instanceof Error ? error.message : 'Failed to upload file',
        });
      }
    }
    setBusy(false);
    if (input.current) input.current.value = '';
    await queryClient.invalidateQueries({ queryKey: [...VOICE_NOTES_KEY, 'list'] });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    void upload(event.dataTransfer.files);
  }

  return (
    <div className="flex flex-col gap-4">
      <div
        className="flex flex-col items-center gap-2 rounded-md border border-dashed p-6 text-center"
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDrop}
      >
        <Upload className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">Drag files here or click to browse</p>
        <p className="text-xs text-muted-foreground">Audio files up to 50 MB</p>
        <input
          ref={input}
          type="file"
          accept="audio/*"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="voice-note-upload-input"
          onChange={(event) => void upload(event.target.files)}
        />
        <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          {busy ? 'Uploading…' : 'Select Files'}
        </Button>
      </div>
      <section>
        <h3 className="mb-2 text-sm font-semibold">Recent Uploads</h3>
        {recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recent uploads</p>
        ) : (
          <ul className="list-inside list-disc text-sm">
            {recent.map((title, index) => (
              <li key={`${title}-${String(index)}`}>{title}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
