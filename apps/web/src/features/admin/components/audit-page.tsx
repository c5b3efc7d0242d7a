import { AUDIT_SOURCES } from '@kaleido/shared/admin/admin.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Input } from '../../../components/ui/input';
import { buttonVariants } from '../../../components/ui/button';
import { adminApi, adminKeys, toSearch } from '../api/admin-requests';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ConsoleTable, formatWhen, Pager, SearchField, Select } from './console-parts';

const PAGE_SIZE = 25;
const SOURCE_LABELS = {
  security: 'Security events',
  admin: 'Admin actions',
  professional: 'Professional access',
};

/** A date input's day as the start of that day in the browser's timezone, as ISO. */
const dayStart = (day: string, plusDays = 0) => {
  if (!day) return undefined;
  const at = new Date(`${day}T00:00:00`);
  at.setDate(at.getDate() + plusDays);
  return at.toISOString();
};

/** /admin/audit: security events, admin actions and professional access; read only, CSV export. */
export function AuditPage() {
  const [q, setQ] = useState('');
  const debounced = useDebouncedValue(q);
  const [source, setSource] = useState<(typeof AUDIT_SOURCES)[number] | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const filters = {
    q: debounced.trim(),
    source,
    from: dayStart(from),
    to: dayStart(to, 1),
  };
  const search = toSearch({ ...filters, page, pageSize: PAGE_SIZE });
  const audit = useQuery({
    queryKey: adminKeys.audit(search),
    queryFn: () => adminApi.audit(search),
    placeholderData: keepPreviousData,
  });
  const reset = () => setPage(1);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          value={q}
          placeholder="Action or email"
          onChange={(value) => {
            setQ(value);
            reset();
          }}
        />
        <Select
          label="Source"
          value={source}
          onChange={(value) => {
            setSource(value);
            reset();
          }}
          options={[
            { value: '' as const, label: 'All sources' },
            ...AUDIT_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] })),
          ]}
        />
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">From</span>
          <Input type="date" value={from} onChange={(e) => (setFrom(e.target.value), reset())} />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">To</span>
          <Input type="date" value={to} onChange={(e) => (setTo(e.target.value), reset())} />
        </label>
        <a
          className={buttonVariants({ variant: 'outline' })}
          href={`/api/admin/audit.csv${toSearch(filters)}`}
          download
        >
          Export CSV
        </a>
      </div>
      {audit.isError && <p role="alert">{errorMessage(audit.error)}</p>}
      <ConsoleTable
        label="Audit log entries"
        caption="Audit log"
        headers={['When', 'Source', 'Action', 'By', 'Concerning', 'Details']}
        empty={audit.data?.entries.length === 0}
        emptyText="Nothing matches these filters."
        busy={audit.isFetching}
      >
        {audit.data?.entries.map((e) => (
          <tr key={`${e.source}-${e.id}`} className="border-t align-top">
            <td className="p-2 whitespace-nowrap">{formatWhen(e.createdAt)}</td>
            <td className="p-2">{SOURCE_LABELS[e.source]}</td>
            <td className="p-2 font-mono text-xs">{e.action}</td>
            <td className="p-2">{e.actorEmail ?? (e.actorId ? 'deleted account' : 'system')}</td>
            <td className="p-2">{e.targetEmail ?? (e.targetUserId ? 'deleted account' : '—')}</td>
            <td
              className="max-w-xs truncate p-2 font-mono text-xs"
              title={JSON.stringify(e.details)}
            >
              {Object.keys(e.details).length ? JSON.stringify(e.details) : ''}
            </td>
          </tr>
        ))}
      </ConsoleTable>
      {audit.data && (
        <Pager page={page} pageSize={PAGE_SIZE} total={audit.data.total} onPage={setPage} />
      )}
    </div>
  );
}
