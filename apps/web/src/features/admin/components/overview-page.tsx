import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminApi, adminKeys, adminOverviewQuery, type AdminOverview } from '../api/admin-requests';
import { formatBytes, Stat } from './console-parts';

const OVERVIEW_LABELS: [keyof AdminOverview, string][] = [
  ['pendingAccessRequests', 'Pending access requests'],
  ['activeClients', 'Active clients'],
  ['totalUsers', 'Total users'],
  ['administrators', 'Administrators'],
  ['activeSessions', 'Active sessions'],
  ['jobsWaiting', 'Jobs waiting'],
];

/** /admin: the instance's real counts and a line of health. */
export function OverviewPage() {
  const overview = useQuery({ ...adminOverviewQuery(), refetchInterval: 30_000 });
  const health = useQuery({ queryKey: adminKeys.health, queryFn: adminApi.health });
  return (
    <div className="grid gap-6">
      {overview.isError ? (
        <p role="alert">The overview could not be loaded. Please try again in a moment.</p>
      ) : (
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-3" aria-label="Instance overview">
          {OVERVIEW_LABELS.map(([key, label]) => (
            <Stat key={key} label={label} value={overview.data ? overview.data[key] : '…'} />
          ))}
        </dl>
      )}
      <section aria-labelledby="overview-health" className="grid gap-3">
        <h2 id="overview-health" className="text-lg font-semibold">
          System health
        </h2>
        {health.data ? (
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
            <Stat
              label="Database"
              value={`${health.data.database.kind} · ${formatBytes(health.data.database.sizeBytes)}`}
            />
            <Stat label="Mail" value={health.data.mail.mode} />
            <Stat
              label="Error rate"
              value={`${(health.data.requests.errorRate * 100).toFixed(2)} %`}
            />
            <Stat label="Live connections" value={health.data.realtime.connections} />
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">{health.isError ? 'Unavailable' : '…'}</p>
        )}
        <Link to="/admin/health" className="text-sm font-medium text-primary underline">
          All health figures
        </Link>
      </section>
    </div>
  );
}
