// Built with `vite build --ssr` (see first-paint.mjs): the landing and sign-in screens as static
// HTML, so they paint before the application's JavaScript has loaded (issue #18 item 4). Rendered
// as a visitor without a session sees them; the live screens replace them (useFirstPaintHandoff).
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { LoginRoute } from './app/routes/auth/login-route';
import { LandingRoute } from './app/routes/landing-route';
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
