import { BarChart3, ShieldCheck, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { FullPageSpinner } from '../../components/ui/spinner';
import { landingPath } from '../../lib/interfaces';
import { useFirstPaintHandoff, useSession } from '../../lib/session';
import { SIGN_OFF_TOASTS, useSignOut } from '../../lib/sign-out';

export const TAGLINE =
  'Multi-channel personality analysis platform with specialized interfaces for users, professionals, and researchers';

const CARDS = [
  {
    title: 'User Self-Awareness',
    text: 'Concise, supportive insights from what you share through text, voice and your journal.',
    icon: Sparkles,
  },
  {
    title: 'Client Interface',
    text: 'Structured views and analytics for coaches, psychologists and HR professionals.',
    icon: BarChart3,
  },
  {
    title: 'Administration',
    text: 'Role management, data export, system health and research tools for system owners.',
    icon: ShieldCheck,
  },
];

/** `/`: the landing page (SPEC §2). */
export function LandingRoute() {
  const { session, isLoading } = useSession();
  const [params] = useSearchParams();
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);
  useFirstPaintHandoff(!isLoading);

  if (isLoading) return <FullPageSpinner />;
  if (session.user && session.isFirstTimeAdmin)
    return <Navigate to="/interface-selection" replace />;
  if (session.user && session.role) return <Navigate to={landingPath(session)} replace />;

  if (session.user) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-3xl font-bold">Welcome back!</h1>
        <p className="text-muted-foreground">Continue your journey of self-discovery</p>
        <Button
          variant="outline"
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            signOut('/').catch(() => {
              setSigningOut(false);
              toast.error(SIGN_OFF_TOASTS.failure.title, {
                description: SIGN_OFF_TOASTS.failure.description,
              });
            });
          }}
        >
          {signingOut ? 'Signing out...' : 'Sign Out'}
        </Button>
      </main>
    );
  }

  return (
    <main className="min-h-screen bg-gradient-to-b from-accent to-background">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-10 px-6 py-20 text-center">
        {params.get('verified') === '1' && (
          <Alert tone="success">Your email is verified. You can now sign in.</Alert>
        )}
        <div className="flex flex-col items-center gap-4">
          <h1 className="text-5xl font-bold tracking-tight">Kaleido</h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{TAGLINE}</p>
        </div>
        <ul className="grid w-full gap-6 md:grid-cols-3">
          {CARDS.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-lg border bg-card p-6 text-left shadow-sm">
              <Icon className="mb-3 size-8 text-primary" aria-hidden="true" />
              <h2 className="mb-2 text-lg font-semibold">{title}</h2>
              <p className="text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
        <Link to="/login" className={buttonVariants({ size: 'lg' })}>
          Get Started
        </Link>
      </div>
    </main>
  );
}
