import { COHORTS, type AdminUserDetail, type Cohort } from '@kaleido/shared/admin/admin.schemas';
import { ROLES, type Role } from '@kaleido/shared/roles/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { adminApi, adminKeys } from '../../../lib/api/admin';
import { errorMessage } from '../../../lib/api-client';
import { ConfirmButton, formatWhen, Select } from './console-parts';

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

/** One account action: a toast when done, and the console's lists read anew. */
function useAdminAction<T>(run: () => Promise<T>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

function UserDetail({ detail }: { detail: AdminUserDetail }) {
  const { user } = detail;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [role, setRole] = useState<Role>(user.role);
  const [cohort, setCohort] = useState<Cohort | ''>(user.cohort ?? '');
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const changeRole = useAdminAction(
    () => adminApi.changeRole(user.id, role),
    `Role changed to ${role}`,
  );
  const changeCohort = useAdminAction(
    () => adminApi.setCohort(user.id, cohort === '' ? null : cohort),
    'Cohort saved',
  );
  const disable = useAdminAction(
    () => adminApi.disable(user.id),
    'Account disabled and signed out',
  );
  const enable = useAdminAction(() => adminApi.enable(user.id), 'Account enabled');
  const signOut = useAdminAction(() => adminApi.signOut(user.id), 'Signed out everywhere');
  const resend = useAdminAction(
    () => adminApi.resendVerification(user.id),
    'Verification email sent',
  );
  const remove = useMutation({
    mutationFn: () => adminApi.remove(user.id),
    onSuccess: async () => {
      toast.success(`Account ${user.email} deleted`);
      await refresh();
      void navigate('/admin/users');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <div className="grid gap-6">
      <Link to="/admin/users" className="text-sm text-primary underline">
        ← All users
      </Link>
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

      <Card>
        <CardHeader>
          <CardTitle>Actions</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap items-end gap-2">
            <Select
              label="Role"
              value={role}
              onChange={setRole}
              options={ROLES.map((r) => ({ value: r, label: r }))}
            />
            <ConfirmButton
              label="Change role"
              variant="default"
              title={`Change ${user.email}'s role to ${role}?`}
              description="Their interfaces and what they can reach change at once."
              confirmLabel="Change role"
              pending={changeRole.isPending}
              onConfirm={() => changeRole.mutateAsync()}
            />
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <Select
              label="Cohort"
              value={cohort}
              onChange={setCohort}
              options={[
                { value: '' as const, label: 'None' },
                ...COHORTS.map((c) => ({ value: c, label: c })),
              ]}
            />
            <Button
              size="sm"
              variant="outline"
              disabled={changeCohort.isPending}
              onClick={() => changeCohort.mutate()}
            >
              Save cohort
            </Button>
          </div>
          <div className="flex flex-wrap gap-2">
            {user.disabled ? (
              <Button size="sm" disabled={enable.isPending} onClick={() => enable.mutate()}>
                Enable account
              </Button>
            ) : (
              <ConfirmButton
                label="Disable account"
                title={`Disable ${user.email}?`}
                description="They are signed out everywhere and refused at sign-in until you enable the account again."
                confirmLabel="Disable"
                pending={disable.isPending}
                onConfirm={() => disable.mutateAsync()}
              />
            )}
            <ConfirmButton
              label="Sign out everywhere"
              variant="outline"
              title={`Sign ${user.email} out everywhere?`}
              description="Every session of this account ends now; they can sign in again."
              confirmLabel="Sign out"
              pending={signOut.isPending}
              onConfirm={() => signOut.mutateAsync()}
            />
            {!user.emailVerified && (
              <Button
                size="sm"
                variant="outline"
                disabled={resend.isPending}
                onClick={() => resend.mutate()}
              >
                Resend verification
              </Button>
            )}
            <ConfirmButton
              label="Delete account"
              title={`Delete ${user.email} and all their data?`}
              description="The account and everything in it are removed, as when a person deletes their own account. This cannot be undone."
              confirmLabel="Delete account"
              pending={remove.isPending}
              onConfirm={() => remove.mutateAsync()}
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Sessions</CardTitle>
        </CardHeader>
        <CardContent>
          {detail.sessions.length === 0 ? (
            <p className="text-sm text-muted-foreground">No active session.</p>
          ) : (
            <ul className="grid gap-2 text-sm" aria-label="Sessions">
              {detail.sessions.map((s) => (
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

      <Card>
        <CardHeader>
          <CardTitle>Security events</CardTitle>
        </CardHeader>
        <CardContent>
          {detail.securityEvents.length === 0 ? (
            <p className="text-sm text-muted-foreground">None recorded.</p>
          ) : (
            <ul className="grid gap-1 text-sm" aria-label="Security events">
              {detail.securityEvents.map((e) => (
                <li key={e.id}>
                  {formatWhen(e.createdAt)} — {typeof e.event === 'string' ? e.event : 'event'}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
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
