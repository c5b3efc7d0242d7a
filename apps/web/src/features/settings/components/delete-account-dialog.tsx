import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { uiActions } from '../../../lib/ui-store';
import { deleteAccount } from '../api/settings-requests';
import { SETTINGS_TOASTS } from '../settings-messages';

/** Deleting the whole account asks for the password again; then the session is gone. */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { markSignedOut } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      toast.success(SETTINGS_TOASTS.accountDeleted.title, {
        description: SETTINGS_TOASTS.accountDeleted.description,
      });
      uiActions.resetForSignOut();
      queryClient.clear();
      markSignedOut(null);
      await navigate('/auth', { replace: true });
    },
  });
  const problem = remove.error ? errorMessage(remove.error) : null;

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (password) remove.mutate(password);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
        setPassword('');
        remove.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="text-destructive">
          <UserX aria-hidden="true" />
          Delete Account
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Delete your account?"
        description="Your account, your data and your files are deleted and you are signed out everywhere. Messages you sent stay with the people who received them, shown as from a deleted user."
        onInteractOutside={(event) => event.preventDefault()}
      >
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="delete-account-password">Password</Label>
            <Input
              id="delete-account-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              aria-invalid={problem !== null}
              aria-describedby={problem ? 'delete-account-problem' : undefined}
              onChange={(event) => setPassword(event.target.value)}
            />
            {problem && (
              <p id="delete-account-problem" role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" disabled={remove.isPending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending || !password}>
              {remove.isPending ? 'Deleting...' : 'Delete Account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
