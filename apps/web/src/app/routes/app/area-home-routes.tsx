// zod must be jitless before any shared schema runs in this chunk (CSP forbids eval).
import '../../../lib/zod';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useParams } from 'react-router';
import { adminOverviewQuery, type AdminOverview } from '../../../lib/api/admin';
import { EmptyState } from '../../../components/ui/empty-state';
import { ClientHome } from '../../../features/care/components/client-home';
import { ClientPerson } from '../../../features/care/components/client-person';
import { PageHeader } from '../../../features/shell/components/page-header';

/** /client: the professionals' dashboard (modules/care on the server). */
export function ClientHomeRoute() {
  return (
    <>
      <PageHeader title="Client Interface" subtitle="Coach/HR/Psychologist workspace" />
      <ClientHome />
    </>
  );
}

/** /client/people/:userId: what one person shares with the professional, and their notes. */
export function ClientPersonRoute() {
  const { userId = '' } = useParams();
  return (
    <>
      <PageHeader title="Client Interface" subtitle="Coach/HR/Psychologist workspace" />
      <ClientPerson key={userId} userId={userId} />
    </>
  );
}

const OVERVIEW_LABELS: [keyof AdminOverview, string][] = [
  ['pendingAccessRequests', 'Pending access requests'],
  ['activeClients', 'Active clients'],
  ['totalUsers', 'Total users'],
  ['administrators', 'Administrators'],
  ['activeSessions', 'Active sessions'],
  ['jobsWaiting', 'Jobs waiting'],
];

/** /admin: the admin console's overview, with the instance's real counts. */
export function AdminHomeRoute() {
  const { data, isError } = useQuery(adminOverviewQuery());
  return (
    <>
      <PageHeader title="Admin Interface" subtitle="System Owner/Researcher console" />
      {isError ? (
        <EmptyState icon={ShieldCheck} title="The overview could not be loaded">
          Please try again in a moment.
        </EmptyState>
      ) : (
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-3" aria-label="Instance overview">
          {OVERVIEW_LABELS.map(([key, label]) => (
            <div key={key} className="rounded-lg border p-4">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-semibold">{data ? data[key] : '…'}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
