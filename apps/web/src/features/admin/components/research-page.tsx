import {
  COHORT_FILTERS,
  RESEARCH_RANGES,
  type ResearchCell,
  type ResearchRange,
} from '@kaleido/shared/admin/admin.schemas';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { adminApi, adminKeys, toSearch } from '../../../lib/api/admin';
import { errorMessage } from '../../../lib/api-client';
import { Select } from './console-parts';

const RANGE_LABELS: Record<ResearchRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  custom: 'Custom',
};

/** /admin/research: cohorts, the §9 date filter, k-anonymous aggregates, the export. */
export function ResearchPage() {
  const queryClient = useQueryClient();
  const [range, setRange] = useState<ResearchRange>('30d');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [cohort, setCohort] = useState<(typeof COHORT_FILTERS)[number]>('all');
  const [tag, setTag] = useState('');
  const custom = range === 'custom';
  const ready = !custom || (from !== '' && to !== '');
  const search = toSearch({ range, cohort, from: custom ? from : '', to: custom ? to : '' });
  const aggregates = useQuery({
    queryKey: adminKeys.research(search),
    queryFn: () => adminApi.research(search),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const data = aggregates.data;
  const exportHref = (format: 'json' | 'csv') =>
    `/api/admin/research/export${toSearch({
      range,
      cohort,
      from: custom ? from : '',
      to: custom ? to : '',
      format,
      datasetTag: tag.trim(),
    })}`;
  // The export lands in the audit log; show it there when the admin looks.
  const exported = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label="Cohort"
          value={cohort}
          onChange={setCohort}
          options={COHORT_FILTERS.map((c) => ({ value: c, label: c === 'all' ? 'All' : c }))}
        />
        <Select
          label="Date range"
          value={range}
          onChange={setRange}
          options={RESEARCH_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
        />
        {custom && (
          <>
            <label className="grid gap-1 text-sm">
              <span className="text-muted-foreground">From</span>
              <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label className="grid gap-1 text-sm">
              <span className="text-muted-foreground">To</span>
              <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </label>
          </>
        )}
      </div>
      {aggregates.isError && <p role="alert">{errorMessage(aggregates.error)}</p>}
      {data && (
        <>
          <p className="text-sm" aria-live="polite">
            {data.people === null
              ? `Fewer than ${data.k} consenting people have data in this range: nothing can be shown.`
              : `${data.people} consenting people. `}
            {data.suppressedCells > 0 &&
              `${data.suppressedCells} cells with fewer than ${data.k} people are not shown.`}
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <Distribution title="Mood distribution" cells={data.mood} />
            <Distribution title="Emotion distribution" cells={data.emotion} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Activity by week</CardTitle>
            </CardHeader>
            <CardContent>
              {data.activity.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing to show.</p>
              ) : (
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr>
                      <th className="p-1">Week of</th>
                      <th className="p-1">Source</th>
                      <th className="p-1">Items</th>
                      <th className="p-1">People</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.activity.map((a) => (
                      <tr key={`${a.week}-${a.source}`} className="border-t">
                        <td className="p-1">{a.week}</td>
                        <td className="p-1">{a.source}</td>
                        <td className="p-1">{a.items}</td>
                        <td className="p-1">{a.people}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Export</CardTitle>
              <CardDescription>
                Pseudonymous IDs stable within a dataset, weeks instead of times, no names, emails
                or text; every group has at least {data.k} people. Each export is audited.
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
                    <a
                      className={buttonVariants({ variant: 'default' })}
                      href={exportHref('json')}
                      download
                      onClick={exported}
                    >
                      Export JSON
                    </a>
                    <a
                      className={buttonVariants({ variant: 'outline' })}
                      href={exportHref('csv')}
                      download
                      onClick={exported}
                    >
                      Export CSV
                    </a>
                  </div>
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
        </>
      )}
    </div>
  );
}

function Distribution({ title, cells }: { title: string; cells: ResearchCell[] }) {
  const max = Math.max(1, ...cells.map((c) => c.items));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {cells.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to show.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label={title}>
            {cells.map((c) => (
              <li key={c.value} className="grid gap-1">
                <span>
                  {c.value}: {c.items} items, {c.people} people
                </span>
                <span
                  aria-hidden="true"
                  className="h-2 rounded bg-primary"
                  style={{ width: `${(c.items / max) * 100}%` }}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
