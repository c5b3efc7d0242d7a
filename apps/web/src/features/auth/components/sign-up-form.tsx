import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { signUp } from '../api/auth-requests';
import { AUTH_TOASTS } from '../auth-messages';
import { validateSignUp } from '../validate-credentials';
import { EmailField } from './email-field';
import { FormField } from '../../../components/ui/form-field';
import { NewPasswordField } from '../../../components/password/new-password-field';
import { describeFailure } from './sign-in-form';

/** Sign Up tab; after the account is created the visitor is sent to sign in once verified. */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const problem = validateSignUp({ email, password, confirmPassword });
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    setPending(true);
    try {
      const { message } = await signUp({
        email: email.trim(),
        password,
        fullName: fullName.trim(),
      });
      toast.success(AUTH_TOASTS.accountCreated, { description: message });
      setPassword('');
      setConfirmPassword('');
      onSignedUp();
    } catch (error) {
      toast.error(AUTH_TOASTS.signUpFailed, { description: describeFailure(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <FormField id="signup-name" label="Full name">
        <Input
          id="signup-name"
          autoComplete="name"
          required
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
        />
      </FormField>
      <EmailField id="signup-email" value={email} onChange={setEmail} />
      <NewPasswordField
        id="signup-password"
        label="Password"
        value={password}
        onChange={setPassword}
      />
      <NewPasswordField
        id="signup-confirm"
        label="Confirm password"
        value={confirmPassword}
        onChange={setConfirmPassword}
      />
      <Button type="submit" disabled={pending}>
        {pending ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  );
}
