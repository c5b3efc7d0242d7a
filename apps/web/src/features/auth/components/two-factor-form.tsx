import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { verifyTwoFactor } from '../api/auth-requests';
import { AUTH_TOASTS } from '../auth-messages';
import { FormField } from '../../../components/ui/form-field';
import { describeFailure } from './sign-in-form';

/** The second step of a sign-in for accounts with two-factor authentication. */
export function TwoFactorForm({
  onVerified,
  onCancel,
}: {
  onVerified: () => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    setPending(true);
    try {
      await verifyTwoFactor(code.trim(), useRecoveryCode);
      await onVerified();
    } catch (error) {
      toast.error(AUTH_TOASTS.signInFailed, { description: describeFailure(error) });
    } finally {
      setPending(false);
    }
  }

  const id = useRecoveryCode ? 'recovery-code' : 'totp-code';
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {useRecoveryCode
          ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <FormField id={id} label={useRecoveryCode ? 'Recovery code' : 'Authentication code'}>
        <Input
          id={id}
          key={id}
          autoComplete="one-time-code"
          inputMode={useRecoveryCode ? 'text' : 'numeric'}
          maxLength={useRecoveryCode ? 64 : 6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex justify-between text-sm">
        <Button
          variant="link"
          size="inline"
          onClick={() => {
            setUseRecoveryCode((v) => !v);
            setCode('');
          }}
        >
          {useRecoveryCode ? 'Use an authenticator code' : 'Use a recovery code'}
        </Button>
        <Button variant="link" size="inline" onClick={onCancel}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
