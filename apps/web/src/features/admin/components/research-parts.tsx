import type { ResearchAggregates, ResearchCell } from '@kaleido/shared/admin/research.schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { adminApi } from '../api/admin-requests';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';

/** Why the server refused, worded for the admin: a spent budget is not a fault to retry. */
export function ResearchRefusal({ error }: { error: unknown }) {
  const spent = error instanceof ApiRequestError && error.is('RESEARCH_BUDGET_SPENT');
  return (
    <Alert tone={spent ? 'warning' : 'error'}>
      <p className="font-semibold">
        {spent ? 'Refused to protect privacy' : 'This research query cannot be answered'}
      </p>
      <p>{errorMessage(error)}</p>
    </Alert>
  );
}

/** How the numbers were protected, and what is left of each week's privacy budget. */
export function PrivacyPanel({ data }: { data: ResearchAggregates }) {
  const p = data.privacy;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Privacy of these figures</CardTitle>
        <CardDescription>
          Every number has random noise added ({p.mechanism} noise, differential privacy with ε ={' '}
          {p.epsilon} per release, one person changes a release by at most {p.sensitivity}), so no
          comparison of queries can single anyone out. Cells below {data.k} are not shown. Each week
          of data can be released with ε {p.weekBudget} in all; after that, new queries over it are
          refused. Asking the same question again in the same calendar week (Monday to Sunday) shows
          the same release and costs nothing.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p aria-live="polite">
          {p.reused
            ? 'The same release as earlier this week: no budget spent.'
            : `A new release: ε ${p.epsilon} spent on each week below.`}
        </p>
        <ul aria-label="Privacy budget by week" className="grid gap-1">
          {p.spent.map((s) => (
            <li key={s.week}>
              Week of {s.week}: ε {s.epsilon} of {p.weekBudget} used
              {s.epsilon >= p.weekBudget ? ' — spent, no new release possible' : ''}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The export: fetched rather than linked, so a refusal is shown, not saved as a file. */
export function ExportPanel({
  data,
  search,
  onExported,
}: {
  data: ResearchAggregates;
  search: (format: 'json' | 'csv', tag: string) => string;
  onExported: () => void;
}) {
  const [tag, setTag] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const download = async (format: 'json' | 'csv') => {
    setBusy(true);
    setError(null);
    try {
      const { blob, fileName } = await adminApi.researchExport(search(format, tag.trim()));
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName ?? `research.${format}`;
      a.click();
      URL.revokeObjectURL(url);
      onExported();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export</CardTitle>
        <CardDescription>
          The noisy figures above with their privacy parameters (ε, sensitivity, week budget), whole
          weeks, no per-person records, names, emails or text. Exporting what is shown costs no
          budget. Each export is audited.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {data.exportEnabled ? (
          <>
            <label className="grid max-w-sm gap-1 text-sm">
              Dataset tag (empty: the one on your admin profile)
              <Input
                value={tag}
                onChange={(e) => setTag(e.target.value)}
                placeholder="study-2026"
              />
            </label>
            <div className="flex gap-2">
              <Button disabled={busy} onClick={() => void download('json')}>
                Export JSON
              </Button>
              <Button variant="outline" disabled={busy} onClick={() => void download('csv')}>
                Export CSV
              </Button>
            </div>
            {error !== null && <ResearchRefusal error={error} />}
          </>
        ) : (
          <p className="text-sm">
            Research export is available when the compliance mode is Research (
            <Link to="/admin/system" className="text-primary underline">
              System settings
            </Link>
            ).
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function Distribution({ title, cells }: { title: string; cells: ResearchCell[] }) {
  const max = Math.max(1, ...cells.map((c) => c.people));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>People by the value they had most (noisy).</CardDescription>
      </CardHeader>
      <CardContent>
        {cells.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to show.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label={title}>
            {cells.map((c) => (
              <li key={c.value} className="grid gap-1">
                <span>
                  {c.value}: about {c.people} people
                </span>
                <span
                  aria-hidden="true"
                  className="h-2 rounded bg-primary"
                  style={{ width: `${(c.people / max) * 100}%` }}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
