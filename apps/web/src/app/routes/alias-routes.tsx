import { Navigate, useLocation, useParams } from 'react-router';

/** The palette's /unified/* targets (SPEC §2) and the sidebar pages they mean (DESIGN §7). */
const UNIFIED_TARGETS: Record<string, string> = {
  chat: '/app/chat',
  voice: '/app/voice-notes',
  email: '/app/email',
  calls: '/app/calls',
  journal: '/app/journal',
  settings: '/app/settings',
  dashboard: '/app/dashboard',
};

export function UnifiedRedirect() {
  const { target = '' } = useParams();
  const { search } = useLocation();
  const destination = UNIFIED_TARGETS[target] ?? '/app/dashboard';
  return <Navigate to={`${destination}${search}`} replace />;
}

/** Replaces the first path segment, keeping the rest and the query (/user/x → /app/x). */
export function PrefixRedirect({ to }: { to: string }) {
  const { pathname, search } = useLocation();
  const rest = pathname.split('/').slice(2).join('/');
  return <Navigate to={`${to}${rest ? `/${rest}` : ''}${search}`} replace />;
}

/** A redirect that keeps the query, so /unified/chat?new=true still asks for a new chat. */
export function KeepSearchRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}
