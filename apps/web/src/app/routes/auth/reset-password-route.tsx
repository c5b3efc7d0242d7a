import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { ForgotPasswordLink } from '../../../features/auth/components/forgot-password-link';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

const INCOMPLETE_LINK_MESSAGE = 'This reset link is incomplete. Please request a new one.';

/** /auth/reset-password?token=…: where the reset email leads (SPEC §2). */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [invalidMessage, setInvalidMessage] = useState<string | null>(
    token === '' ? INCOMPLETE_LINK_MESSAGE : null,
  );

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="sr-only">Reset your password</h1>
          <CardTitle>Choose a new password</CardTitle>
          <CardDescription>
            Your new password needs at least 12 characters with upper and lower case letters, a
            number and a special character.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {invalidMessage ? (
            <>
              <Alert tone="error">{invalidMessage}</Alert>
              <div className="flex items-center justify-between">
                <ForgotPasswordLink label="Request a new reset link" />
                <Link
                  to="/login"
                  className="text-sm text-primary underline-offset-4 hover:underline"
                >
                  Back to sign in
                </Link>
              </div>
            </>
          ) : (
            <ResetPasswordForm
              token={token}
              onDone={() => void navigate('/login?reset=1', { replace: true })}
              onInvalidToken={setInvalidMessage}
            />
          )}
        </CardContent>
      </Card>
    </main>
  );
}
