import type { SessionInfo } from '@kaleido/shared/auth/auth.schemas';
import {
  createContext,
  startTransition,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { api, configureApiClient, setCsrfToken } from './api-client';
import { replayFirstPaint, takeFirstPaintState } from './first-paint-replay';

export type EndedReason = NonNullable<SessionInfo['endedReason']>;

const SIGNED_OUT: SessionInfo = {
  user: null,
  role: null,
  effectiveRole: null,
  profile: null,
  isFirstTimeAdmin: false,
  passwordChangeRequired: false,
  csrfToken: null,
  endedReason: null,
  avatarUrl: null,
  idleTimeoutMinutes: 30,
};

interface Snapshot {
  info: SessionInfo;
  loaded: boolean;
  /** Why the last session ended, as this tab saw it (the server may no longer know). */
  localReason: EndedReason | null;
}

// A tiny store rather than a query library: `/` and `/login` need only this one request.
let snapshot: Snapshot = { info: SIGNED_OUT, loaded: false, localReason: null };
const listeners = new Set<() => void>();
let inflight: Promise<SessionInfo> | null = null;

function publish(next: Snapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads GET /api/session (poll-safe: not activity) and keeps the anti-forgery token. */
function loadSession(): Promise<SessionInfo> {
  inflight ??= api
    .get<SessionInfo>('/api/session', { expectUnauthorized: true })
    .then(
      (info) => {
        setCsrfToken(info.csrfToken);
        publish({ info, loaded: true, localReason: info.user ? null : snapshot.localReason });
        return info;
      },
      (error: unknown) => {
        // Failing to load user data means signed out (SPEC §8 internal handling).
        publish({ ...snapshot, info: SIGNED_OUT, loaded: true });
        throw error;
      },
    )
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

function markSignedOut(reason: EndedReason | null): void {
  setCsrfToken(null);
  publish({
    info: {
      ...SIGNED_OUT,
      idleTimeoutMinutes: snapshot.info.idleTimeoutMinutes,
      endedReason: reason,
    },
    loaded: true,
    localReason: reason,
  });
}

interface SessionContextValue {
  session: SessionInfo;
  isLoading: boolean;
  /** Why the last session ended, when it did not end by the person's own sign-out. */
  endedReason: EndedReason | null;
  /** Reads the session again (after sign-in, two-factor, interface or password change). */
  reload: () => Promise<SessionInfo>;
  /** Forgets the session locally, remembering why, so the auth screen can say so. */
  markSignedOut: (reason: EndedReason | null) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Asks for the session before React's first render (main.tsx) rather than after it: every screen
 * but the first paints waits for this answer (decision 034).
 */
export function requestSessionEarly(): void {
  if (!snapshot.loaded) loadSession().catch(() => undefined);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState(snapshot);

  useEffect(() => {
    // The first answer draws the whole screen (the shell and its page): as a transition React
    // draws it in slices that yield to the browser, not in one long task (decision 037). Every
    // later change (sign-in, sign-out, a reload) applies at once, as before.
    let answered = snapshot.loaded;
    const update = () => {
      const next = snapshot;
      if (!answered && next.loaded) {
        answered = true;
        startTransition(() => setCurrent(next));
      } else setCurrent(next);
    };
    const unsubscribe = subscribe(update);
    update();
    return unsubscribe;
  }, []);

  useEffect(() => {
    configureApiClient({
      onUnauthorized: (error) => {
        if (!snapshot.info.user) return;
        markSignedOut(error.is('SESSION_TIMEOUT') ? 'session_timeout' : 'session_expired');
      },
      refreshCsrfToken: async () => (await loadSession()).csrfToken,
    });
    if (!snapshot.loaded) loadSession().catch(() => undefined);
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({
      session: current.info,
      isLoading: !current.loaded,
      endedReason: current.info.user ? null : (current.localReason ?? current.info.endedReason),
      reload: loadSession,
      markSignedOut,
    }),
    [current],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/**
 * A signed-out session that is already loaded, for rendering the first screens at build time
 * (src/first-paint.tsx): what a visitor without a session sees once the request has answered.
 */
export function SignedOutSessionProvider({ children }: { children: ReactNode }) {
  const value = useMemo<SessionContextValue>(
    () => ({
      session: SIGNED_OUT,
      isLoading: false,
      endedReason: null,
      reload: () => Promise.resolve(SIGNED_OUT),
      markSignedOut: () => undefined,
    }),
    [],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

/**
 * Hands over from the build's static first paint (`#first-paint`: served for `/` and `/login`,
 * and the signed-in shell's frame for `/app/*`, decision 037) to the live screen: removed in the
 * same frame the screen is drawn, once the session is known; what the person tapped or typed on
 * a live copy is replayed on the screen that replaces it (first-paint-replay.ts).
 */
export function useFirstPaintHandoff(ready: boolean): void {
  useLayoutEffect(() => {
    if (!ready) return;
    const copy = document.getElementById('first-paint');
    if (!copy) return;
    // The landing and sign-in copies are live: what the person did there carries over.
    const state = takeFirstPaintState(copy);
    copy.remove();
    void replayFirstPaint(state);
  }, [ready]);
}
