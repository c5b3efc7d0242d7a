import type { AdminRelationship } from '@kaleido/shared/admin/admin.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { adminApi, adminKeys, toSearch } from '../api/admin-requests';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { ConsoleTable, formatWhen, formText, Pager, SearchField, Select } from './console-parts';

const PAGE_SIZE = 20;

const STATUSES = ['', 'pending', 'active', 'declined', 'ended'] as const;

/** /admin/relationships: every professional ↔ person pair; propose one, end one. */
export function RelationshipsPage() {
  const [q, setQ] = useState('');
  const debounced = useDebouncedValue(q);
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('');
  const [page, setPage] = useState(1);
  const search = toSearch({ q: debounced.trim(), status, page, pageSize: PAGE_SIZE });
  const list = useQuery({
    queryKey: adminKeys.relationships(search),
    queryFn: () => adminApi.relationships(search),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          value={q}
          placeholder="Either side's name or email"
          onChange={(value) => {
            setQ(value);
            setPage(1);
          }}
        />
        <Select
          label="Status"
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={STATUSES.map((s) => ({ value: s, label: s === '' ? 'Any' : s }))}
        />
      </div>
      {list.isError && <p role="alert">{errorMessage(list.error)}</p>}
      <ConsoleTable
        label="Relationships"
        caption="Relationships"
        headers={['Professional', 'Person', 'Status', 'Since', { hidden: 'Actions' }]}
        empty={list.data?.relationships.length === 0}
        emptyText="No relationship matches."
      >
        {list.data?.relationships.map((r) => (
          <RelationshipRow key={r.id} relationship={r} />
        ))}
      </ConsoleTable>
      {list.data && (
        <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
      )}
      <ProposeCard />
    </div>
  );
}

function RelationshipRow({ relationship: r }: { relationship: AdminRelationship }) {
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: () => adminApi.endRelationship(r.id),
    onSuccess: async () => {
      toast.success('Relationship ended');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const open = r.status === 'pending' || r.status === 'active';
  return (
    <tr className="border-t">
      <td className="p-2">
        {r.professional.name} <span className="text-muted-foreground">{r.professional.email}</span>
      </td>
      <td className="p-2">
        {r.person.name} <span className="text-muted-foreground">{r.person.email}</span>
      </td>
      <td className="p-2">{r.status}</td>
      <td className="p-2">{formatWhen(r.respondedAt ?? r.createdAt)}</td>
      <td className="p-2 text-right">
        {open && (
          <ConfirmButton
            label="End"
            title="End this relationship?"
            description={`${r.professional.email} will no longer see anything ${r.person.email} shared; every consent is revoked.`}
            confirmLabel="End relationship"
            pending={end.isPending}
            onConfirm={() => end.mutateAsync()}
          />
        )}
      </td>
    </tr>
  );
}

function ProposeCard() {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const propose = useMutation({
    mutationFn: adminApi.propose,
    onSuccess: async () => {
      setError(null);
      toast.success('Relationship proposed; the person will be asked to accept it');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const submit = (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    propose.mutate(
      {
        professionalEmail: formText(data, 'professionalEmail'),
        personEmail: formText(data, 'personEmail'),
      },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Propose a relationship</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3 md:grid-cols-2" onSubmit={submit}>
          <label className="grid gap-1 text-sm">
            Professional&apos;s email
            <Input name="professionalEmail" type="email" required />
          </label>
          <label className="grid gap-1 text-sm">
            Person&apos;s email
            <Input name="personEmail" type="email" required />
          </label>
          {error && (
            <p role="alert" className="text-sm text-destructive md:col-span-2">
              {error}
            </p>
          )}
          <p className="text-sm text-muted-foreground md:col-span-2">
            The person still accepts or declines, and chooses what to share.
          </p>
          <div>
            <Button type="submit" disabled={propose.isPending}>
              Propose
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
