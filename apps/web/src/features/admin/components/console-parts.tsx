import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/** A figure with its label, as the overview and health show them. */
export function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
}

/** Previous / next over a paged list, with where we are. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // Where we are is also why Previous (first page) or Next (last page) has nowhere to go.
  const whereId = useId();
  return (
    <div className="flex items-center justify-between gap-2 text-sm">
      <span id={whereId} aria-live="polite">
        Page {Math.min(page, pages)} of {pages} · {total} in all
      </span>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          aria-describedby={page <= 1 ? whereId : undefined}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          aria-describedby={page >= pages ? whereId : undefined}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </div>
  );
}

/** A labelled select over fixed options (filters). */
export function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <label className="grid gap-1 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <select
        className="h-9 rounded-md border bg-background px-2"
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export const formatWhen = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return 'unknown';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

/** A text field of a submitted form ('' when absent). */
export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The search box of a console list: typing goes back to the first page. */
export function SearchField({
  value,
  placeholder,
  onChange,
}: {
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="grid min-w-56 flex-1 gap-1 text-sm">
      <span className="text-muted-foreground">Search</span>
      <Input
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/**
 * A console list as a table in a scrollable, keyboard-reachable region, with a row that says so
 * when nothing matches (`empty` true).
 */
export function ConsoleTable({
  label,
  caption,
  headers,
  empty,
  emptyText,
  busy,
  children,
}: {
  label: string;
  caption: string;
  /** Column headings; a column heading only screen readers need is given as { hidden }. */
  headers: readonly (string | { hidden: string })[];
  empty: boolean;
  emptyText: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className="overflow-x-auto rounded-lg border"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="w-full text-left text-sm" aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50">
          <tr>
            {headers.map((header) =>
              typeof header === 'string' ? (
                <th key={header} className="p-2">
                  {header}
                </th>
              ) : (
                <th key={header.hidden} className="p-2">
                  <span className="sr-only">{header.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {children}
          {empty && (
            <tr>
              <td colSpan={headers.length} className="p-4 text-center text-muted-foreground">
                {emptyText}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
