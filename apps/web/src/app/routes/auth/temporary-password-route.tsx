import { ChangePasswordCard } from '../../../features/profile/components/change-password-card';
import { useFirstPaintHandoff } from '../../../lib/session';

/**
 * Shown instead of any page while the account still has the temporary password an administrator
 * set: the person chooses their own first (the server clears the flag when it changes).
 */
export function TemporaryPasswordRoute() {
  // The server painted the shell's frame for /app/* (decision 037): this page replaces it.
  useFirstPaintHandoff(true);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted p-4">
      <div className="grid w-full max-w-lg gap-4">
        <h1 className="text-2xl font-bold">Choose your own password</h1>
        <p className="text-sm text-muted-foreground">
          Your account was set up with a temporary password. Choose a new one to continue; the
          temporary password is your current password.
        </p>
        <ChangePasswordCard />
      </div>
    </main>
  );
}
