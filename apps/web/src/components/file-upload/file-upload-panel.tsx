import { Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';

/**
 * The drawer's File Upload (SPEC §2): files dropped or chosen with 'Select Files', then the
 * names of the last few under 'Recent Uploads'. The screen decides where the files go, what is
 * allowed and which names it keeps (chat: per open conversation; voice notes: per account,
 * across openings of the drawer).
 */
export function FileUploadPanel({
  hint,
  detail,
  accept,
  inputTestId,
  busy = false,
  recent,
  onFiles,
}: {
  /** What dropping does and where the files go; the button is described by it. */
  hint: ReactNode;
  /** A second, smaller line (what is allowed), when the hint does not say it. */
  detail?: ReactNode;
  accept: string;
  inputTestId: string;
  /** Uploads still running: the button says so and waits. */
  busy?: boolean;
  /** Names of the last uploads, newest first. */
  recent: readonly string[];
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  function take(files: FileList | null) {
    const picked = Array.from(files ?? []);
    // Emptied at once, so choosing the same file again is a change the input reports.
    if (input.current) input.current.value = '';
    onFiles(picked);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  }

  return (
    <div className="flex flex-col gap-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-md border border-dashed p-6 text-center',
          dragging && 'border-primary bg-accent',
        )}
      >
        <Upload className="size-8 text-muted-foreground" aria-hidden="true" />
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
        {detail && <p className="text-xs text-muted-foreground">{detail}</p>}
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          accept={accept}
          data-testid={inputTestId}
          onChange={(event) => take(event.target.files)}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          {busy ? 'Uploading…' : 'Select Files'}
        </Button>
      </div>
      <RecentUploads names={recent} />
    </div>
  );
}

function RecentUploads({ names }: { names: readonly string[] }) {
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold">Recent Uploads</h3>
      {names.length === 0 ? (
        <p className="text-sm text-muted-foreground">No recent uploads</p>
      ) : (
        <ul className="text-sm">
          {names.map((name, index) => (
            <li key={`${name}-${String(index)}`} className="truncate">
              {name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
