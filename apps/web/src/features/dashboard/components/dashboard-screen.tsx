import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardQuery } from '../api/dashboard-requests';
import { useDashboardSync } from '../hooks/use-dashboard-sync';
import { DashboardCards } from './dashboard-cards';
import { QuickActions } from './quick-actions';
import { RecentActivity } from './recent-activity';
import { RecentlyOpened } from './recently-opened';
import { useFeature } from '../../../lib/instance-features';

// The chart is the one heavy-ish part: it loads after the figures.
const MoodTrendChart = lazy(() => import('./mood-trend-chart'));

/** "2 minutes ago" stays true: the clock the list reads moves every minute. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * SPEC §2 Dashboard with real figures, kept live by realtime events. `insights` is the insight
 * cards, handed in by the route (features/insights: features do not import each other).
 */
export function DashboardScreen({ insights }: { insights: ReactNode }) {
  useDashboardSync();
  const query = useQuery(dashboardQuery());
  const { isError, refetch, dataUpdatedAt } = query;
  // The query's answer arrives as an urgent update; drawing the cards, the activity list and the
  // chart from it is deferred, so React draws them in slices that yield between them rather than
  // in one long task (decision 037). Later answers swap in the same way, old figures meanwhile.
  const data = useDeferredValue(query.data);
  const clock = useMinuteClock();
  // Insight cards are advanced analytics: hidden while the instance has them off.
  const analytics = useFeature('advanced_analytics');
  const now = new Date(Math.max(clock.getTime(), dataUpdatedAt));

  if (isError)
    return (
      <Alert tone="error" className="mt-6">
        <p>Your dashboard could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (!data) return <Spinner label="Loading your dashboard" />;

  return (
    <div className="mt-6 grid gap-8" data-today={data.today}>
      <DashboardCards cards={data.cards} />
      <div className="grid gap-8 lg:grid-cols-2">
        <RecentActivity items={data.recentActivity} now={now} />
        <div className="grid content-start gap-8">
          <QuickActions />
          <RecentlyOpened />
          <Suspense fallback={<Spinner label="Loading the mood trend" />}>
            <MoodTrendChart days={data.moodTrend} />
          </Suspense>
        </div>
      </div>
      {analytics && insights}
    </div>
  );
}
