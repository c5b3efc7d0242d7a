import { Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { AUTH_TOASTS } from '../../../features/auth/auth-messages';
import { useFirstPaintHandoff, useSession } from '../../../lib/session';

/** The auth screen at /login and its alias /auth. */
export function LoginRoute() {
  const { session, isLoading, endedReason, reload } = useSession();
  const [params] = useSearchParams();
  useFirstPaintHandoff(!isLoading);

  if (isLoading) return <FullPageSpinner />;
  if (session.user) {
    return <Navigate to={session.isFirstTimeAdmin ? '/interface-selection' : '/'} replace />;
  }

  async function signedIn(firstSignIn: boolean) {
    await reload();
    const greeting = firstSignIn ? AUTH_TOASTS.firstSignedIn : AUTH_TOASTS.signedIn;
    toast.success(greeting.title, { description: greeting.description });
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted p-4">
      <h1 className="sr-only">Sign in to Kaleido</h1>
      {endedReason === 'session_timeout' && (
        <Alert tone="warning" className="w-full max-w-md">
          You were signed out after {formatMinutes(session.idleTimeoutMinutes)} without activity.
          Please sign in again.
        </Alert>
      )}
      {endedReason === 'session_expired' && (
        <Alert tone="warning" className="w-full max-w-md">
          Your session has ended. Please sign in again.
        </Alert>
      )}
      {params.get('verification') === 'invalid' && (
        <Alert tone="error" className="w-full max-w-md">
          This verification link is invalid or has expired. Sign in to get a new one.
        </Alert>
      )}
      {params.get('verified') === '1' && (
        <Alert tone="success" className="w-full max-w-md">
          Your email is verified. You can now sign in.
        </Alert>
      )}
      {params.get('reset') === '1' && (
        <Alert tone="success" className="w-full max-w-md">
          Your password has been reset. You can now sign in.
        </Alert>
      )}
      <AuthCard onSignedIn={signedIn} />
    </main>
  );
}

function formatMinutes(minutes: number): string {
  if (minutes >= 1) return `${Math.round(minutes)} minute${Math.round(minutes) === 1 ? '' : 's'}`;
  return `${Math.round(minutes * 60)} seconds`;
}
