import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import type { useVoiceNoteMutations } from '../hooks/use-voice-note-mutations';

/** Confirm first: deleting your own note also removes it for the people it was sent to. */
export function DeleteVoiceNoteDialog({
  title,
  received,
  remove,
}: {
  title: string;
  received: boolean;
  remove: ReturnType<typeof useVoiceNoteMutations>['remove'];
}) {
  const [open, setOpen] = useState(false);
  const description = received
    ? 'It will be removed from your inbox. The sender keeps their copy.'
    : 'The recording and its transcript are deleted for good, and it disappears for everyone you sent it to. This cannot be undone.';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Delete ${title}`}>
          <Trash2 aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent title={`Delete "${title}"?`} description={description}>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => {
              // Not mutate()'s callbacks: the note (and this dialog) unmounts once it is gone.
              remove.mutateAsync().then(
                () => toast.success('Voice note deleted'),
                (error: unknown) =>
                  toast.error('Error', {
                    description: error instanceof Error ? error.message : String(error),
                  }),
              );
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
