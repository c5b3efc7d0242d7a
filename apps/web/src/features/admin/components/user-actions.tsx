import { COHORTS, type AdminUserDetail, type Cohort } from '@kaleido/shared/admin/admin.schemas';
import { ROLES, type Role } from '@kaleido/shared/roles/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { adminApi, adminKeys } from '../api/admin-requests';
import { errorMessage } from '../../../lib/api-client';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { Select } from './console-parts';

type AdminUser = AdminUserDetail['user'];

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

/** The user detail's Actions card: role, cohort, and the account's access. */
export function UserActions({ user }: { user: AdminUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <RoleChange user={user} />
        <CohortChange user={user} />
        <AccessActions user={user} />
      </CardContent>
    </Card>
  );
}

function RoleChange({ user }: { user: AdminUser }) {
  const [role, setRole] = useState<Role>(user.role);
  const changeRole = useAdminAction(
    () => adminApi.changeRole(user.id, role),
    `Role changed to ${role}`,
  );
  return (
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
  );
}

function CohortChange({ user }: { user: AdminUser }) {
  const [cohort, setCohort] = useState<Cohort | ''>(user.cohort ?? '');
  const changeCohort = useAdminAction(
    () => adminApi.setCohort(user.id, cohort === '' ? null : cohort),
    'Cohort saved',
  );
  return (
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
  );
}

/** Whether and how the person gets in: disable or enable, sign out, verification, deletion. */
function AccessActions({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void navigate('/admin/users');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
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
  );
}
