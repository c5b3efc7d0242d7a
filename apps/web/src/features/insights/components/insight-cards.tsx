import { INSIGHTS_MESSAGES } from '@kaleido/shared/insights/insights.constants';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { insightsQuery } from '../api/insights-requests';
import { useInsightsSync } from '../hooks/use-insights-sync';
import { HiddenInsights } from './hidden-insights';
import { InsightCard } from './insight-card';
import { InsightSettings } from './insight-settings';

/** The insight cards on the dashboard (analysis happens on our server; see docs/api/insights.md). */
export function InsightCards() {
  useInsightsSync();
  const { data: answer, isError } = useQuery(insightsQuery());
  // Below the fold: drawn in slices that yield, not in the update that brought it (decision 037).
  const data = useDeferredValue(answer);
  return (
    <section aria-labelledby="insights-heading" data-testid="insights">
      <h2 id="insights-heading" className="mb-1 text-lg font-semibold">
        Insights
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        Worked out on our server from what you write and say; never sent to anyone else.
      </p>
      {data && data.hiddenCount > 0 && <HiddenInsights count={data.hiddenCount} />}
      {isError ? (
        <p className="text-sm text-muted-foreground">Insights could not be loaded.</p>
      ) : !data ? null : !data.analysisEnabled ? (
        <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
          {INSIGHTS_MESSAGES.analysisOff}
        </p>
      ) : data.cards.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
          {INSIGHTS_MESSAGES.notEnoughData}
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {data.cards.map((card) => (
            <InsightCard key={card.id} card={card} />
          ))}
        </div>
      )}
      <nav aria-label="More about you" className="mt-4 grid gap-3 sm:grid-cols-2">
        <Link
          to="/app/dashboard/insights/personal-model"
          className="rounded-lg border p-4 hover:bg-accent"
          data-testid="personal-model-link"
        >
          <span className="font-semibold">Your personal model</span>
          <span className="block text-sm text-muted-foreground">
            The words it learned go with each of your moods, and how much it learned from.
          </span>
        </Link>
        <Link
          to="/app/dashboard/insights/personality"
          className="rounded-lg border p-4 hover:bg-accent"
          data-testid="personality-link"
        >
          <span className="font-semibold">Personality</span>
          <span className="block text-sm text-muted-foreground">
            The Big-Five questionnaire (IPIP-50), beside tentative indicators from your writing.
          </span>
        </Link>
      </nav>
      <InsightSettings />
    </section>
  );
}
