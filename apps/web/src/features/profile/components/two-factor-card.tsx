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
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { confirmTwoFactor, disableTwoFactor, enrollTwoFactor } from '../api/security-requests';
import { PasswordField } from './password-field';

/** Two-factor: enroll with the password, add the key to an authenticator, confirm with a code. */
export function TwoFactorCard() {
  const { session, reload } = useSession();
  const queryClient = useQueryClient();
  const enabled = session.user?.twoFactorEnabled === true;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const afterChange = async (title: string) => {
    toast.success(title);
    setPassword('');
    setCode('');
    await reload().catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: ['security'] });
  };
  const enroll = useMutation({ mutationFn: enrollTwoFactor, onSuccess: () => setPassword('') });
  const confirm = useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: async () => {
      enroll.reset();
      await afterChange('Two-factor authentication enabled');
    },
  });
  const disable = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => afterChange('Two-factor authentication disabled'),
  });
  const failed = enroll.error ?? confirm.error ?? disable.error;
  const problem = failed ? errorMessage(failed) : null;

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (enabled) disable.mutate(password);
    else if (enroll.data) confirm.mutate(code);
    else enroll.mutate(password);
  }

  const pending = enroll.isPending || confirm.isPending || disable.isPending;
  return (
    <Card role="region" aria-labelledby="two-factor-title">
      <CardHeader>
        <CardTitle id="two-factor-title">Two-factor authentication</CardTitle>
        <CardDescription>
          {enabled
            ? 'On: signing in asks for a code from your authenticator app.'
            : 'Off: add a code from an authenticator app to your sign-in.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid max-w-xl gap-4">
          {enroll.data && !enabled ? (
            <>
              <div className="grid gap-1.5">
                <Label htmlFor="totp-uri">Key for your authenticator app</Label>
                <textarea
                  id="totp-uri"
                  readOnly
                  value={enroll.data.totpURI}
                  className="min-h-16 w-full rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all"
                />
              </div>
              <div className="grid gap-1.5">
                <p className="text-sm font-medium" id="recovery-codes-label">
                  Recovery codes: keep them somewhere safe; each works once.
                </p>
                <ul
                  aria-labelledby="recovery-codes-label"
                  className="grid grid-cols-2 gap-1 font-mono text-sm"
                >
                  {enroll.data.recoveryCodes.map((recovery) => (
                    <li key={recovery}>{recovery}</li>
                  ))}
                </ul>
              </div>
              <div className="grid max-w-xs gap-1.5">
                <Label htmlFor="totp-code">6-digit code</Label>
                <Input
                  id="totp-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
              </div>
            </>
          ) : (
            <div className="max-w-md">
              <PasswordField
                id="two-factor-password"
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={setPassword}
              />
            </div>
          )}
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <Button
            type="submit"
            variant={enabled ? 'outline' : 'default'}
            className="justify-self-start"
            disabled={pending}
          >
            {enabled
              ? 'Disable two-factor'
              : enroll.data
                ? 'Confirm and enable'
                : 'Set up two-factor'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
