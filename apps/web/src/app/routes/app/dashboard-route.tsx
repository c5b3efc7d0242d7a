import { LayoutDashboard } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../features/shell/components/page-header';
import { useSession } from '../../../lib/session';
import { useUiState } from '../../../lib/ui-store';

/** /app/dashboard: figures arrive with the features they count; until then, an honest start. */
export function DashboardRoute() {
  const { session } = useSession();
  const recent = useUiState((s) => s.recentActivities);
  const firstName = session.profile?.fullName.split(/\s+/)[0];
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={firstName ? `Welcome back, ${firstName}!` : 'Welcome back!'}
      />
      <EmptyState icon={LayoutDashboard} title="Your dashboard is empty for now">
        Counts of your chats, voice notes, emails, calls and journal entries will show here once you
        start using them.
      </EmptyState>
      <section className="mt-8" aria-labelledby="recent-activity">
        <h2 id="recent-activity" className="mb-3 text-lg font-semibold">
          Recent Activity
        </h2>
        {recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recent activity yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="recent-activities">
            {recent.map((activity) => (
              <li key={activity.id} className="flex justify-between px-4 py-2 text-sm">
                <span>{activity.title}</span>
                <time className="text-muted-foreground" dateTime={activity.timestamp}>
                  {new Date(activity.timestamp).toLocaleTimeString()}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
