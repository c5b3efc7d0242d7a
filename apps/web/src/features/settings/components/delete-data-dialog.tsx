import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { useSession } from '../../../lib/session';
import { deleteAccountData } from '../api/settings-requests';
import { DELETE_DATA_TEXT, SETTINGS_TOASTS } from '../settings-messages';

/** 'Delete All Data' (SPEC §8): not dismissed by clicking outside; 'Deleting...' while pending. */
export function DeleteDataDialog() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const { reload } = useSession();
  const remove = useMutation({
    mutationFn: deleteAccountData,
    onSuccess: async () => {
      setOpen(false);
      toast.success(SETTINGS_TOASTS.dataDeleted.title, {
        description: SETTINGS_TOASTS.dataDeleted.description,
      });
      // Profile, settings (and so the appearance) and every feature's lists are back to defaults;
      // the session carries the avatar the top bar and avatar menu show.
      await Promise.all([queryClient.invalidateQueries(), reload().catch(() => undefined)]);
    },
    onError: () => {
      toast.error(SETTINGS_TOASTS.deleteFailed.title, {
        description: SETTINGS_TOASTS.deleteFailed.description,
      });
    },
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          Delete All Data
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Delete all your data?"
        description={DELETE_DATA_TEXT}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={remove.isPending} onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Deleting...' : 'Delete All Data'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
