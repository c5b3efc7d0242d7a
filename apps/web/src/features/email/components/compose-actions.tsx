import { Paperclip } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { DraftSaveStatus } from '../hooks/use-draft-autosave';

const STATUS_TEXT: Record<DraftSaveStatus, string> = {
  idle: '',
  saving: 'Saving draft…',
  saved: 'Draft saved',
  failed: 'Draft not saved yet; retrying as you type',
};

/** Under the message: Send, Cancel, Attach, and whether the draft is saved. */
export function ComposeActions({
  sending,
  status,
  onCancel,
  onAttach,
}: {
  sending: boolean;
  status: DraftSaveStatus;
  onCancel: () => void;
  onAttach: (files: File[]) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending…' : 'Send'}
      </Button>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <label className="inline-flex cursor-pointer items-center gap-1 text-sm text-muted-foreground">
        <Paperclip className="size-4" aria-hidden="true" />
        Attach
        <input
          type="file"
          multiple
          className="sr-only"
          aria-label="Attach files"
          onChange={(e) => {
            // Copied first: clearing the input empties its live FileList.
            onAttach(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </label>
      <span className="ml-auto text-xs text-muted-foreground" aria-live="polite">
        {STATUS_TEXT[status]}
      </span>
    </div>
  );
}
