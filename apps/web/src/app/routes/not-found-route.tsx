import { Link } from 'react-router';

/** Any path no route matches (SPEC §2). */
export function NotFoundRoute() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="text-primary underline underline-offset-4 hover:opacity-80">
        Return to Home
      </Link>
    </main>
  );
}
