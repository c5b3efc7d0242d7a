import { Navigate, useLocation, useParams } from 'react-router';
import { isModality, MODALITY_PATHS } from '../../lib/modalities';

/** The palette's /unified/<modality> targets (SPEC §2) lead to the sidebar's pages (DESIGN §7). */
export function UnifiedRedirect() {
  const { target = '' } = useParams();
  const { search } = useLocation();
  const destination = isModality(target) ? MODALITY_PATHS[target] : MODALITY_PATHS.dashboard;
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
