import { DASHBOARD_TEXTS } from '@kaleido/shared/dashboard/dashboard.constants';
import { InvitationsBanner } from '../../../features/care/components/invitations-banner';
import { DashboardScreen } from '../../../features/dashboard/components/dashboard-screen';
import { InsightCards } from '../../../features/insights/components/insight-cards';
import { PageHeader } from '../../../features/shell/components/page-header';
import { useSession } from '../../../lib/session';

/**
 * /app/dashboard: the six cards, Recent Activity, Quick Actions and the mood trend (SPEC §2), and
 * the insight cards.
 */
export function DashboardRoute() {
  const { session } = useSession();
  const firstName = session.profile?.fullName.split(/\s+/)[0];
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={firstName ? `Welcome back, ${firstName}!` : DASHBOARD_TEXTS.welcome}
      />
      <InvitationsBanner />
      <DashboardScreen insights={<InsightCards />} />
    </>
  );
}
