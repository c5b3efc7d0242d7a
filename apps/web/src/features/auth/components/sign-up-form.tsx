import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { signUp } from '../api/auth-requests';
import { AUTH_TOASTS } from '../auth-messages';
import { validateSignUp } from '../validate-credentials';
import { FormField } from './form-field';
import { PasswordInput } from './password-input';
import { describeFailure } from './sign-in-form';
import { StrengthMeter } from './strength-meter';

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
      <FormField id="signup-email" label="Email">
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <FormField id="signup-password" label="Password">
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          required
          minLength={12}
          aria-describedby={password ? 'signup-password-strength' : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <StrengthMeter id="signup-password-strength" password={password} />
      </FormField>
      <FormField id="signup-confirm" label="Confirm password">
        <PasswordInput
          id="signup-confirm"
          autoComplete="new-password"
          required
          minLength={12}
          aria-describedby={confirmPassword ? 'signup-confirm-strength' : undefined}
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        <StrengthMeter id="signup-confirm-strength" password={confirmPassword} />
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  );
}
