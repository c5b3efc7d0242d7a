import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-client';
import { resetPassword } from '../api/auth-requests';
import { AUTH_TOASTS } from '../auth-messages';
import { NewPasswordField } from '../../../components/password/new-password-field';
import { validateNewPassword } from '../../../components/password/validate-new-password';

/** New password under the same rules as sign-up; an expired or used link is reported. */
export function ResetPasswordForm({
  token,
  onDone,
  onInvalidToken,
}: {
  token: string;
  onDone: () => void;
  onInvalidToken: (message: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const problem = validateNewPassword(password, confirmPassword);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    setPending(true);
    try {
      await resetPassword(token, password);
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError && error.is('INVALID_TOKEN')) {
        onInvalidToken(error.message);
      } else if (error instanceof ApiRequestError && error.status === 400) {
        toast.error(AUTH_TOASTS.weakPassword, { description: error.message });
      } else {
        toast.error(AUTH_TOASTS.resetFailure.title, {
          description: AUTH_TOASTS.resetFailure.description,
        });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <NewPasswordField
        id="new-password"
        label="New password"
        value={password}
        onChange={setPassword}
      />
      <NewPasswordField
        id="confirm-new-password"
        label="Confirm new password"
        value={confirmPassword}
        onChange={setConfirmPassword}
        meter={false}
      />
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : 'Reset Password'}
      </Button>
    </form>
  );
}
