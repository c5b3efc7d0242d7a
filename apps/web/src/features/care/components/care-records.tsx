import {
  CARE_ACCESS_LABELS,
  CARE_ACCESS_WHAT,
  CARE_LOG_MESSAGES,
  type CareAccessWhat,
  type LoggedProfessional,
} from '@kaleido/shared/care/care-records.schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { accessLogQuery, consentHistoryQuery, type CareLogFilters } from '../api/care-requests';
import { accessSentence, consentSentence, professionalName } from '../care-format';

const selectClass = 'h-9 w-full rounded-md border bg-background px-2 text-sm';

/** What the person picked: days of their own calendar, a professional, a kind of read. */
interface Picked {
  professional: string;
  what: CareAccessWhat | '';
  from: string;
  to: string;
}
const NOTHING_PICKED: Picked = { professional: '', what: '', from: '', to: '' };

/** A professional in the filter: an account by id, a deleted one by the name the records keep. */
const professionalKey = (p: LoggedProfessional) => (p.id ? `id:${p.id}` : `former:${p.name}`);

/** The picked days as instants (from the start of `from` to the end of `to`, local time). */
function filtersOf(picked: Picked): CareLogFilters | 'reversed' {
  const startOf = (day: string) => new Date(`${day}T00:00:00`);
  const from = picked.from ? startOf(picked.from) : undefined;
  const to = picked.to ? startOf(picked.to) : undefined;
  to?.setDate(to.getDate() + 1);
  if (from && to && from >= to) return 'reversed';
  const [kind, ...rest] = picked.professional.split(':');
  const value = rest.join(':');
  return {
    professionalId: kind === 'id' ? value : undefined,
    formerProfessional: kind === 'former' ? value : undefined,
    what: picked.what || undefined,
    from: from?.toISOString(),
    to: to?.toISOString(),
  };
}

/**
 * Settings → Privacy, the person's records (DESIGN §10): every read of their data by a
 * professional, and every change of a relationship or consent — whole, a page at a time, by
 * professional and period. A professional who left is still named (their account is gone).
 */
export function AccessLogCard() {
  const [picked, setPicked] = useState(NOTHING_PICKED);
  const filters = filtersOf(picked);
  const query = useInfiniteQuery({
    ...accessLogQuery(filters === 'reversed' ? {} : filters),
    enabled: filters !== 'reversed',
  });
  const pages = query.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.entries);
  const narrowed = Object.values(picked).some(Boolean);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Access log</CardTitle>
        <CardDescription>Every time a professional viewed what you share.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <RecordFilters
          legend="Filter the access log"
          picked={picked}
          onChange={setPicked}
          professionals={pages[0]?.professionals ?? []}
          withWhat
        />
        {filters === 'reversed' ? (
          <p className="text-sm text-destructive">{CARE_LOG_MESSAGES.fromBeforeTo}</p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {narrowed
              ? 'No professional viewed your data in this selection.'
              : 'No professional has viewed your data.'}
          </p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-label="Access log">
            {entries.map((e) => (
              <li key={e.id}>{accessSentence(e)}</li>
            ))}
          </ul>
        )}
        <LoadMore query={query} label="Load more of the access log" />
      </CardContent>
    </Card>
  );
}

export function ConsentHistoryCard() {
  const [picked, setPicked] = useState(NOTHING_PICKED);
  const filters = filtersOf(picked);
  const query = useInfiniteQuery({
    ...consentHistoryQuery(filters === 'reversed' ? {} : filters),
    enabled: filters !== 'reversed',
  });
  const pages = query.data?.pages ?? [];
  const changes = pages.flatMap((page) => page.changes);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Consent history</CardTitle>
        <CardDescription>
          Every invitation, answer and end, and every change to what you share.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <RecordFilters
          legend="Filter the consent history"
          picked={picked}
          onChange={setPicked}
          professionals={pages[0]?.professionals ?? []}
        />
        {filters === 'reversed' ? (
          <p className="text-sm text-destructive">{CARE_LOG_MESSAGES.fromBeforeTo}</p>
        ) : changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No changes to show.</p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-label="Consent history">
            {changes.map((c) => (
              <li key={c.id}>{consentSentence(c)}</li>
            ))}
          </ul>
        )}
        <LoadMore query={query} label="Load more of the consent history" />
      </CardContent>
    </Card>
  );
}

function LoadMore({
  query,
  label,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      className="justify-self-start"
      aria-label={label}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
    </Button>
  );
}

function RecordFilters({
  legend,
  picked,
  onChange,
  professionals,
  withWhat = false,
}: {
  legend: string;
  picked: Picked;
  onChange: (picked: Picked) => void;
  professionals: LoggedProfessional[];
  withWhat?: boolean;
}) {
  const id = useId();
  const set = (change: Partial<Picked>) => onChange({ ...picked, ...change });
  const field = (name: string, label: string, control: ReactNode) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      {control}
    </div>
  );
  return (
    <fieldset className="grid grid-cols-2 gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {field(
        'professional',
        'Professional',
        <select
          id={`${id}-professional`}
          className={selectClass}
          value={picked.professional}
          onChange={(e) => set({ professional: e.target.value })}
        >
          <option value="">Everyone</option>
          {professionals.map((p) => (
            <option key={professionalKey(p)} value={professionalKey(p)}>
              {professionalName(p)}
            </option>
          ))}
        </select>,
      )}
      {withWhat &&
        field(
          'what',
          'What',
          <select
            id={`${id}-what`}
            className={selectClass}
            value={picked.what}
            onChange={(e) => set({ what: e.target.value as Picked['what'] })}
          >
            <option value="">Anything</option>
            {CARE_ACCESS_WHAT.map((what) => (
              <option key={what} value={what}>
                {capitalised(CARE_ACCESS_LABELS[what])}
              </option>
            ))}
          </select>,
        )}
      {field(
        'from',
        'From',
        <Input
          id={`${id}-from`}
          type="date"
          className="h-9"
          value={picked.from}
          onChange={(e) => set({ from: e.target.value })}
        />,
      )}
      {field(
        'to',
        'To',
        <Input
          id={`${id}-to`}
          type="date"
          className="h-9"
          value={picked.to}
          onChange={(e) => set({ to: e.target.value })}
        />,
      )}
    </fieldset>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
