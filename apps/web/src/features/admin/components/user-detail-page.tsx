import type { AdminUserDetail } from '@kaleido/shared/admin/admin.schemas';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { adminApi, adminKeys } from '../api/admin-requests';
import { errorMessage } from '../../../lib/api-client';
import { formatWhen } from './console-parts';
import { UserActions } from './user-actions';

/**
 * /admin/users/:userId: a person's account as the console sees it — facts, role, sessions and
 * security events; never their journal, mail, chat or voice content.
 */
export function UserDetailPage({ userId }: { userId: string }) {
  const detail = useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: () => adminApi.user(userId),
  });
  if (detail.isError)
    return (
      <p role="alert">
        {errorMessage(detail.error)} <Link to="/admin/users">Back to users</Link>
      </p>
    );
  if (!detail.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  return <UserDetail detail={detail.data} />;
}

function UserDetail({ detail }: { detail: AdminUserDetail }) {
  const { user } = detail;
  return (
    <div className="grid gap-6">
      <Link to="/admin/users" className="text-sm text-primary underline">
        ← All users
      </Link>
      <AccountFacts user={user} />
      <UserActions user={user} />
      <Sessions sessions={detail.sessions} />
      <SecurityEvents events={detail.securityEvents} />
    </div>
  );
}

function AccountFacts({ user }: { user: AdminUserDetail['user'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{user.name || user.email}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl
          className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-3"
          aria-label="Account facts"
        >
          <Fact label="Email" value={user.email} />
          <Fact label="Role" value={user.role} />
          <Fact label="Email verified" value={user.emailVerified ? 'Yes' : 'No'} />
          <Fact label="Status" value={user.disabled ? 'Disabled' : 'Active'} />
          <Fact label="Cohort" value={user.cohort ?? 'None'} />
          <Fact label="Created" value={formatWhen(user.createdAt)} />
        </dl>
      </CardContent>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function Sessions({ sessions }: { sessions: AdminUserDetail['sessions'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
      </CardHeader>
      <CardContent>
        {sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No active session.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Sessions">
            {sessions.map((s) => (
              <li key={s.id} className="rounded border p-2">
                Started {formatWhen(s.createdAt)} · last active {formatWhen(s.lastActiveAt)}
                <span className="block text-muted-foreground">
                  {s.ipAddress ?? 'unknown address'} · {s.userAgent ?? 'unknown browser'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SecurityEvents({ events }: { events: AdminUserDetail['securityEvents'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security events</CardTitle>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">None recorded.</p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-label="Security events">
            {events.map((e) => (
              <li key={e.id}>
                {formatWhen(e.createdAt)} — {typeof e.event === 'string' ? e.event : 'event'}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
