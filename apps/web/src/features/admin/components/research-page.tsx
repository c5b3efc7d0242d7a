import { COHORT_FILTERS } from '@kaleido/shared/admin/admin.schemas';
import { RESEARCH_RANGES, type ResearchRange } from '@kaleido/shared/admin/research.schemas';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { adminApi, adminKeys, toSearch } from '../api/admin-requests';
import { Select } from './console-parts';
import { Distribution, ExportPanel, PrivacyPanel, ResearchRefusal } from './research-parts';

const RANGE_LABELS: Record<ResearchRange, string> = {
  '7d': 'Last week',
  '30d': 'Last 4 weeks',
  '90d': 'Last 13 weeks',
  custom: 'Custom (whole weeks)',
};

const DAY_MS = 86_400_000;
const day = (iso: string, minus = 0) =>
  new Date(Date.parse(iso) - minus).toISOString().slice(0, 10);

/**
 * /admin/research: cohorts, the §9 date filter in whole weeks, differentially private
 * aggregates with their privacy budget, the export (decision 042).
 */
export function ResearchPage() {
  const queryClient = useQueryClient();
  const [range, setRange] = useState<ResearchRange>('30d');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [cohort, setCohort] = useState<(typeof COHORT_FILTERS)[number]>('all');
  const custom = range === 'custom';
  const ready = !custom || (from !== '' && to !== '');
  const dates = { range, cohort, from: custom ? from : '', to: custom ? to : '' };
  const search = toSearch(dates);
  const aggregates = useQuery({
    queryKey: adminKeys.research(search),
    queryFn: () => adminApi.research(search),
    enabled: ready,
    placeholderData: keepPreviousData,
    // A fresh release spends privacy budget: ask only when the admin changes the question.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  // Figures of another question next to a refusal would mislead: show them only on success.
  const data = aggregates.isError ? undefined : aggregates.data;
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
      <p className="text-sm text-muted-foreground">
        Research covers whole weeks (Monday to Sunday, UTC) that have ended; custom dates widen to
        the weeks that hold them.
      </p>
      {aggregates.isError && <ResearchRefusal error={aggregates.error} />}
      {data && (
        <>
          <p className="text-sm" aria-live="polite">
            Weeks of {day(data.range.from)} to {day(data.range.to, DAY_MS)}.{' '}
            {data.people === null
              ? `Fewer than ${data.k} consenting people (after noise) have data in these weeks: nothing can be shown.`
              : `About ${data.people} consenting people. `}
            {data.suppressedCells > 0 &&
              `${data.suppressedCells} cells below ${data.k} people are not shown.`}
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
                      <th className="p-1">People active (noisy)</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.activity.map((a) => (
                      <tr key={`${a.week}-${a.source}`} className="border-t">
                        <td className="p-1">{a.week}</td>
                        <td className="p-1">{a.source}</td>
                        <td className="p-1">{a.people}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </CardContent>
          </Card>
          <PrivacyPanel data={data} />
          <ExportPanel
            data={data}
            search={(format, datasetTag) => toSearch({ ...dates, format, datasetTag })}
            onExported={exported}
          />
        </>
      )}
    </div>
  );
}
