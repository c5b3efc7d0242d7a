// Built with `vite build --ssr` (see first-paint.mjs): the landing and sign-in screens as static
// HTML, so they paint before the application's JavaScript has loaded (issue #18 item 4). Rendered
// as a visitor without a session sees them; the live screens replace them (useFirstPaintHandoff).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { LoginRoute } from './app/routes/auth/login-route';
import { LandingRoute } from './app/routes/landing-route';
import { ShellFrame } from './app/routes/app/shell-frame';
import { NAV_ITEMS } from './features/shell/nav-items';
import { SignedOutSessionProvider } from './lib/session';

export const FIRST_SCREENS = { '/': LandingRoute, '/login': LoginRoute } as const;

export function renderFirstPaint(path: keyof typeof FIRST_SCREENS): string {
  const Screen = FIRST_SCREENS[path];
  return renderToString(
    <StaticRouter location={path}>
      <SignedOutSessionProvider>
        <Screen />
      </SignedOutSessionProvider>
    </StaticRouter>,
  );
}

/** Each sidebar page's path: a signed-in frame is drawn with that page's link as the current one. */
export const SHELL_FRAME_PATHS = NAV_ITEMS.map((item) => item.path);

/**
 * The signed-in shell's first frame at `path` (ShellFrame), with the sidebar expanded or not as
 * its cookie says; the server sends it only to a request with a live session (decision 037).
 */
export function renderShellFrame(
  path: string,
  { expanded, page }: { expanded: boolean; page: 'dashboard' | 'other' },
): string {
  return renderToString(
    <StaticRouter location={path}>
      <QueryClientProvider client={new QueryClient()}>
        <ShellFrame expanded={expanded} page={page} />
      </QueryClientProvider>
    </StaticRouter>,
  );
}
