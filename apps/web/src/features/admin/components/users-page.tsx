import { COHORT_FILTERS, type AdminUserRow } from '@kaleido/shared/admin/admin.schemas';
import { ROLES } from '@kaleido/shared/roles/roles';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { adminApi, adminKeys, toSearch } from '../api/admin-requests';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ConsoleTable, formatWhen, formText, Pager, SearchField, Select } from './console-parts';

const PAGE_SIZE = 20;

const ANY = '' as const;

/** /admin/users: search, filters (role, verified, disabled, cohort), pages; create an account. */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const debounced = useDebouncedValue(q, 300);
  const role = params.get('role') ?? ANY;
  const verified = params.get('verified') ?? ANY;
  const disabled = params.get('disabled') ?? ANY;
  const cohort = params.get('cohort') ?? 'all';
  const page = Number(params.get('page') ?? '1') || 1;
  const search = toSearch({
    q: debounced.trim(),
    role,
    verified,
    disabled,
    cohort: cohort === 'all' ? undefined : cohort,
    page,
    pageSize: PAGE_SIZE,
  });
  const users = useQuery({
    queryKey: adminKeys.users(search),
    queryFn: () => adminApi.users(search),
    placeholderData: keepPreviousData,
  });
  const set = (key: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          value={q}
          placeholder="Name or email"
          onChange={(value) => {
            setQ(value);
            set('page', '');
          }}
        />
        <Select
          label="Role"
          value={role}
          onChange={(v) => set('role', v)}
          options={[
            { value: ANY, label: 'Any role' },
            ...ROLES.map((r) => ({ value: r, label: r })),
          ]}
        />
        <Select
          label="Verified"
          value={verified}
          onChange={(v) => set('verified', v)}
          options={[
            { value: ANY, label: 'Any' },
            { value: 'true', label: 'Verified' },
            { value: 'false', label: 'Not verified' },
          ]}
        />
        <Select
          label="Status"
          value={disabled}
          onChange={(v) => set('disabled', v)}
          options={[
            { value: ANY, label: 'Any' },
            { value: 'false', label: 'Active' },
            { value: 'true', label: 'Disabled' },
          ]}
        />
        <Select
          label="Cohort"
          value={cohort}
          onChange={(v) => set('cohort', v === 'all' ? '' : v)}
          options={COHORT_FILTERS.map((c) => ({ value: c, label: c === 'all' ? 'All' : c }))}
        />
      </div>
      {users.isError && <p role="alert">{errorMessage(users.error)}</p>}
      <ConsoleTable
        label="Accounts"
        caption="Accounts"
        headers={['Name', 'Email', 'Role', 'Verified', 'Status', 'Cohort', 'Created']}
        empty={users.data?.users.length === 0}
        emptyText="No account matches."
      >
        {users.data?.users.map((user) => (
          <UserRow key={user.id} user={user} />
        ))}
      </ConsoleTable>
      {users.data && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={users.data.total}
          onPage={(next) => set('page', String(next))}
        />
      )}
      <CreateAccountCard />
    </div>
  );
}

function UserRow({ user }: { user: AdminUserRow }) {
  return (
    <tr className="border-t">
      <td className="p-2">
        <Link to={`/admin/users/${user.id}`} className="font-medium text-primary underline">
          {user.name || '(no name)'}
        </Link>
      </td>
      <td className="p-2">{user.email}</td>
      <td className="p-2">{user.role}</td>
      <td className="p-2">{user.emailVerified ? 'Yes' : 'No'}</td>
      <td className="p-2">{user.disabled ? 'Disabled' : 'Active'}</td>
      <td className="p-2">{user.cohort ?? '—'}</td>
      <td className="p-2">{formatWhen(user.createdAt)}</td>
    </tr>
  );
}

/** A verified account made by the administrator (the person can sign in at once). */
function CreateAccountCard() {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: adminApi.createUser,
    onSuccess: async (user) => {
      setError(null);
      toast.success(`Account created for ${user.email}`);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const [role, setRole] = useState<(typeof ROLES)[number]>('user');
  const submit = (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    create.mutate(
      {
        email: formText(form, 'email'),
        fullName: formText(form, 'fullName'),
        password: formText(form, 'password'),
        role,
      },
      { onSuccess: () => element.reset() },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Create a verified account</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3 md:grid-cols-2" onSubmit={submit}>
          <label className="grid gap-1 text-sm">
            Full name
            <Input name="fullName" required autoComplete="off" />
          </label>
          <label className="grid gap-1 text-sm">
            Email
            <Input name="email" type="email" required autoComplete="off" />
          </label>
          <label className="grid gap-1 text-sm">
            Temporary password
            <Input name="password" type="password" required autoComplete="new-password" />
          </label>
          <Select
            label="Role"
            value={role}
            onChange={setRole}
            options={ROLES.map((r) => ({ value: r, label: r }))}
          />
          {error && (
            <p role="alert" className="text-sm text-destructive md:col-span-2">
              {error}
            </p>
          )}
          <div className="md:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create account'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
