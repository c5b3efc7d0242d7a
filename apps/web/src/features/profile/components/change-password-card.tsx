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
import { NewPasswordField } from '../../../components/password/new-password-field';
import { validateNewPassword } from '../../../components/password/validate-new-password';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { changePassword } from '../api/security-requests';
import { PasswordField } from './password-field';

/** Change password: the current one is required; the server signs out every other session. */
export function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
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
  const problem = change.error ? errorMessage(change.error) : null;

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    // The same rules and SPEC §8 toasts as sign-up and reset: the rules, then the confirmation.
    const invalid = validateNewPassword(next, confirm);
    if (invalid) {
      change.reset();
      toast.error(invalid.title, { description: invalid.description });
      return;
    }
    change.mutate({ currentPassword: current, newPassword: next });
  }

  return (
    <Card role="region" aria-labelledby="change-password-title">
      <CardHeader>
        <CardTitle id="change-password-title">Change password</CardTitle>
        <CardDescription>Your other sessions are signed out when you change it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid max-w-md gap-4">
          <PasswordField
            id="current-password"
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
          />
          <NewPasswordField
            id="new-password"
            label="New password"
            value={next}
            onChange={setNext}
          />
          <NewPasswordField
            id="confirm-new-password"
            label="Confirm new password"
            value={confirm}
            onChange={setConfirm}
            meter={false}
          />
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            {change.isPending ? 'Updating...' : 'Update password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
