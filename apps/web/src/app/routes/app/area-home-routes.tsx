// zod must be jitless before any shared schema runs in this chunk (CSP forbids eval).
import '../../../lib/zod';
import { useParams, useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ClientHome } from '../../../features/care/components/client-home';
import { ClientPerson } from '../../../features/care/components/client-person';
import { ClientRequests } from '../../../features/care/components/client-requests';
import {
  EthicalUseDialog,
  useCareDashboard,
} from '../../../features/care/components/ethical-use-dialog';
import { CareReportExports } from '../../../features/care/components/report-exports';
import { PageHeader } from '../../../features/shell/components/page-header';

/** /client: the professional's home, People (modules/care on the server). */
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

/** /client/requests: requests to work together, invitations sent, and the invite form. */
export function ClientRequestsRoute() {
  return (
    <>
      <PageHeader title="Client Interface" subtitle="Requests" />
      <ClientRequests />
    </>
  );
}

/** /client/reports?person=: a report of one person's shared data for a period. */
export function ClientReportsRoute() {
  const [params] = useSearchParams();
  const { dashboard, confirmed } = useCareDashboard();
  return (
    <>
      <PageHeader title="Client Interface" subtitle="Reports" />
      <div className="grid gap-6">
        {dashboard.data && !confirmed && <EthicalUseDialog />}
        <Card>
          <CardHeader>
            <CardTitle>Reports</CardTitle>
          </CardHeader>
          <CardContent>
            <CareReportExports personId={params.get('person') ?? ''} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
