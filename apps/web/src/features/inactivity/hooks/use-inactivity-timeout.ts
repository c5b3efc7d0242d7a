import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api, ApiRequestError, setCsrfToken } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { uiActions } from '../../../lib/ui-store';

/** What counts as activity (SPEC §4); keydown too, since keypress skips keys like arrows. */
export const ACTIVITY_EVENTS = [
  'mousedown',
  'mousemove',
  'keypress',
  'keydown',
  'scroll',
  'touchstart',
  'click',
] as const;

/** Checked every 60 s for the spec's 30 minutes; a shorter timeout is checked proportionally often. */
export function checkIntervalMs(timeoutMs: number): number {
  return Math.min(60_000, Math.max(250, Math.floor(timeoutMs / 10)));
}

/**
 * Ends the session after the configured idle time without activity: the server logs
 * `session_timeout`, and the auth screen says why. While the person is active, the session is
 * refreshed (new anti-forgery token, server idle clock reset) at most every half timeout.
 */
export function useInactivityTimeout(): void {
  const { session, markSignedOut } = useSession();
  const navigate = useNavigate();
  const userId = session.user?.id;
  const timeoutMs = session.idleTimeoutMinutes * 60_000;

  useEffect(() => {
    if (!userId) return;
    let lastActivity = Date.now();
    let lastRefresh = Date.now();
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const options = { capture: true, passive: true } as const;
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);

    async function end() {
      try {
        await api.post(
          '/api/session/timeout',
          { lastActivityAt: new Date(lastActivity).toISOString() },
          { expectUnauthorized: true },
        );
      } catch {
        // Already ended on the server (its own idle clock): the outcome is the same.
      }
      uiActions.resetForSignOut();
      markSignedOut('session_timeout');
      await navigate('/auth', { replace: true });
    }

    async function refresh() {
      try {
        const { csrfToken } = await api.post<{ csrfToken: string }>('/api/session/refresh');
        setCsrfToken(csrfToken);
      } catch (error) {
        // A 401 already marked the session invalid through the API client.
        if (!(error instanceof ApiRequestError)) return;
      }
    }

    const timer = setInterval(() => {
      const now = Date.now();
      if (now - lastActivity >= timeoutMs) {
        clearInterval(timer);
        void end();
      } else if (lastActivity > lastRefresh && now - lastRefresh >= timeoutMs / 2) {
        lastRefresh = now;
        void refresh();
      }
    }, checkIntervalMs(timeoutMs));

    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
    };
  }, [userId, timeoutMs, markSignedOut, navigate]);
}
