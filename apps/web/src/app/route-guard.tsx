import type { Role } from '@kaleido/shared/roles/roles';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { effectiveInterface } from '../lib/interfaces';
import { useSession } from '../lib/session';

// Loaded only by the few who arrive with an administrator's temporary password.
const TemporaryPasswordRoute = lazy(async () => ({
  default: (await import('./routes/auth/temporary-password-route')).TemporaryPasswordRoute,
}));

/**
 * The spec's route guard (SPEC §2): no session → /auth; role not allowed → /; an admin outside
 * the selected interface, or anyone else outside their role's interface, is moved to the same
 * path under the right prefix. An account with an administrator's temporary password sees only
 * the form to choose its own.
 */
export function RouteGuard({
  allowedRoles,
  requiredInterface,
  children,
}: {
  allowedRoles: readonly Role[];
  requiredInterface?: Role;
  children: ReactNode;
}) {
  const { session, isLoading } = useSession();
  const location = useLocation();

  if (isLoading) return <FullPageSpinner />;
  if (!session.user) return <Navigate to="/auth" replace />;
  if (session.passwordChangeRequired)
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <TemporaryPasswordRoute />
      </Suspense>
    );
  const role = session.role ?? 'user';
  if (!allowedRoles.includes(role)) return <Navigate to="/" replace />;
  if (requiredInterface) {
    const target = effectiveInterface(session);
    if (target !== requiredInterface) {
      const rest = location.pathname.split('/').slice(2).join('/');
      return <Navigate to={`/${target}${rest ? `/${rest}` : ''}${location.search}`} replace />;
    }
  }
  return children;
}
