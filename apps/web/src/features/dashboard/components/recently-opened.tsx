import { useUiState } from '../../../lib/ui-store';

/**
 * What the person opened from the command palette (SPEC §2: selecting an entry records a recent
 * activity). Kept in this tab's UI state, apart from the server's Recent Activity.
 */
export function RecentlyOpened() {
  const recent = useUiState((s) => s.recentActivities);
  if (recent.length === 0) return null;
  return (
    <section aria-labelledby="recently-opened">
      <h2 id="recently-opened" className="mb-3 text-lg font-semibold">
        Recently opened
      </h2>
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
    </section>
  );
}
