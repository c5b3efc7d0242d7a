import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-client';
import { signIn } from '../api/auth-requests';
import { AUTH_TOASTS } from '../auth-messages';
import { validateSignIn } from '../validate-credentials';
import { ForgotPasswordLink } from './forgot-password-link';
import { EmailField } from './email-field';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/password/password-input';

/** Sign In tab: on success the caller reloads the session; 2FA accounts get a code step. */
export function SignInForm({
  onSignedIn,
  onTwoFactorRequired,
}: {
  onSignedIn: (firstSignIn: boolean) => Promise<void>;
  onTwoFactorRequired: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const problem = validateSignIn({ email, password });
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    setPending(true);
    try {
      const result = await signIn({ email: email.trim(), password });
      if (result.twoFactorRequired) onTwoFactorRequired();
      else await onSignedIn(result.firstSignIn);
    } catch (error) {
      toast.error(AUTH_TOASTS.signInFailed, { description: describeFailure(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <EmailField id="signin-email" value={email} onChange={setEmail} />
      <FormField id="signin-password" label="Password">
        <PasswordInput
          id="signin-password"
          autoComplete="current-password"
          required
          minLength={12}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <div className="-mt-2 flex justify-end">
        <ForgotPasswordLink />
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

export function describeFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 429 && error.retryAfterSeconds) {
      return `${error.message} Try again in ${error.retryAfterSeconds} seconds.`;
    }
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
