import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { ApiRequestError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { changePassword } from '../api/security-requests';
import { PasswordField } from './password-field';

/** Change password: the current one is required; the server signs out every other session. */
export function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const { reload } = useSession();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: async ({ message }) => {
      toast.success('Password updated', { description: message });
      setCurrent('');
      setNext('');
      setConfirm('');
      // The session was renewed with a new cookie and token; other sessions are gone.
      await reload().catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: ['security'] });
    },
  });
  const problems =
    change.error instanceof ApiRequestError
      ? (change.error.errors?.map((e) => e.message) ?? [change.error.message])
      : [];

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const different = next !== confirm;
    setMismatch(different);
    if (!different) change.mutate({ currentPassword: current, newPassword: next });
  }

  return (
    <Card role="region" aria-labelledby="change-password-title">
      <CardHeader>
        <CardTitle id="change-password-title">Change password</CardTitle>
        <CardDescription>Your other sessions are signed out when you change it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid max-w-md gap-4">
          <PasswordField
            id="current-password"
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
          />
          <PasswordField
            id="new-password"
            label="New password"
            autoComplete="new-password"
            value={next}
            onChange={setNext}
          />
          <PasswordField
            id="confirm-new-password"
            label="Confirm new password"
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
          />
          {(mismatch || problems.length > 0) && (
            <ul role="alert" className="grid gap-1 text-sm text-destructive">
              {mismatch && <li>The new passwords do not match.</li>}
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            {change.isPending ? 'Updating...' : 'Update password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
