import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonVariants } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { careApi, careKeys } from '../api/care-requests';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A report of one person for one period, as PDF or CSV: on the client interface's Reports page
 * (a person's page links there with them chosen) and in Settings → Professional beside the
 * report format. The server builds it only from what the person shares now, and the person sees
 * it in their access log.
 */
export function CareReportExports({ personId: initialPersonId = '' }: { personId?: string }) {
  const id = useId();
  const relationships = useQuery({
    queryKey: careKeys.relationships,
    queryFn: careApi.relationships,
  });
  const people = (relationships.data?.relationships ?? []).filter(
    (r) => r.role === 'professional' && r.status === 'active',
  );
  const [personId, setPersonId] = useState(initialPersonId);
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const chosen =
    (people.some((r) => r.other.id === personId) ? personId : '') || people[0]?.other.id || '';
  if (relationships.data && people.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Client reports appear here once someone works with you.
      </p>
    );
  const valid = chosen !== '' && from !== '' && to !== '' && from <= to;
  const href = (type: 'pdf' | 'csv') =>
    `/api/care/people/${chosen}/report.${type}?from=${from}&to=${to}`;
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">Client report</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-person`} className="text-sm">
            Person
          </label>
          <select
            id={`${id}-person`}
            value={chosen}
            onChange={(e) => setPersonId(e.target.value)}
            className="h-10 rounded-md border bg-background px-3 text-sm"
          >
            {people.map((r) => (
              <option key={r.id} value={r.other.id}>
                {r.other.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-from`} className="text-sm">
            From
          </label>
          <Input
            id={`${id}-from`}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-to`} className="text-sm">
            To
          </label>
          <Input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      {from > to && (
        <p role="alert" className="text-sm text-destructive">
          The start date must be before the end date
        </p>
      )}
      {valid && (
        <div className="flex flex-wrap gap-2">
          <a href={href('pdf')} download className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden="true" />
            Download report (PDF)
          </a>
          <a href={href('csv')} download className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden="true" />
            Download report (CSV)
          </a>
        </div>
      )}
    </fieldset>
  );
}
