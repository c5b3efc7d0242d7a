// zod must be jitless before any shared schema runs in this chunk (CSP forbids eval).
import '../../../lib/zod';
import { useParams } from 'react-router';
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
