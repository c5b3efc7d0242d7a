import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { journalKeys } from '../../../lib/api/journal';
import { deleteJournalEntry } from '../api/journal-requests';

/** Confirm first: an entry, its audio and its history are deleted for good. */
export function DeleteEntryDialog({
  id,
  title,
  onDeleted,
}: {
  id: string;
  title: string;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteJournalEntry(id),
    onSuccess: async () => {
      setOpen(false);
      toast.success('Entry deleted', { description: `"${title}" was deleted.` });
      onDeleted();
      queryClient.removeQueries({ queryKey: journalKeys.entry(id) });
      await queryClient.invalidateQueries({ queryKey: journalKeys.all });
    },
    onError: (error) => toast.error('Error deleting entry', { description: errorMessage(error) }),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Delete "${title}"?`}
        description="The entry, its recording and its edit history are deleted for good. This cannot be undone."
      >
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Deleting…' : 'Delete entry'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
