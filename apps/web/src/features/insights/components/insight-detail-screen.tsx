import {
  INSIGHT_KINDS,
  INSIGHT_PERIODS,
  INSIGHTS_MESSAGES,
  PERIOD_INSIGHT_KINDS,
  type InsightKind,
  type InsightPeriod,
} from '@kaleido/shared/insights/insights.constants';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { insightDetailQuery } from '../api/insights-requests';
import { useInsightsSync } from '../hooks/use-insights-sync';
import { InsightCard } from './insight-card';

export const isInsightKind = (value: string | undefined): value is InsightKind =>
  (INSIGHT_KINDS as readonly string[]).includes(value ?? '');

const PERIOD_LABELS: Record<InsightPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** /app/dashboard/insights/:kind: one kind's cards in depth, by period, with method and caveats. */
export function InsightDetailScreen({ kind }: { kind: InsightKind }) {
  useInsightsSync();
  const [params] = useSearchParams();
  const asked = params.get('period');
  // Only kinds computed per period offer Day/Week/Month (the weekly reflection is a week).
  const byPeriod = PERIOD_INSIGHT_KINDS.includes(kind);
  const period =
    byPeriod && (INSIGHT_PERIODS as readonly string[]).includes(asked ?? '')
      ? (asked as InsightPeriod)
      : undefined;
  const { data, isPending, isError } = useQuery(insightDetailQuery(kind, period));

  return (
    <div className="mt-6 grid gap-6">
      <nav aria-label="Period" className="flex flex-wrap items-center gap-2 text-sm">
        <Link to="/app/dashboard" className="text-primary underline-offset-4 hover:underline">
          Back to the dashboard
        </Link>
        {byPeriod && (
          <span aria-hidden="true" className="text-muted-foreground">
            ·
          </span>
        )}
        {(byPeriod ? INSIGHT_PERIODS : []).map((p) => (
          <Link
            key={p}
            to={`?period=${p}`}
            aria-current={period === p ? 'page' : undefined}
            className={cn(
              'rounded-md border px-3 py-1',
              period === p ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
            )}
          >
            {PERIOD_LABELS[p]}
          </Link>
        ))}
      </nav>
      {isPending ? (
        <Spinner label="Loading the insight" />
      ) : isError ? (
        <Alert tone="error">This insight could not be loaded.</Alert>
      ) : !data.analysisEnabled ? (
        <Alert>{INSIGHTS_MESSAGES.analysisOff}</Alert>
      ) : (
        <>
          {data.cards.length === 0 ? (
            <p className="text-sm text-muted-foreground">{INSIGHTS_MESSAGES.notEnoughData}</p>
          ) : (
            <div className="grid gap-4 md:grid-cols-2">
              {data.cards.map((card) => (
                <InsightCard key={card.id} card={card} detailLink={false} />
              ))}
            </div>
          )}
          <section aria-labelledby="insight-method" className="grid gap-2 text-sm">
            <h2 id="insight-method" className="text-lg font-semibold">
              How this is worked out
            </h2>
            <p>{data.method}</p>
            {data.caveats.length > 0 && (
              <>
                <h3 className="font-semibold">What it cannot tell</h3>
                <ul className="list-disc pl-5">
                  {data.caveats.map((caveat) => (
                    <li key={caveat}>{caveat}</li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}
