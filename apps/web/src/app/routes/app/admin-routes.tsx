// zod must be jitless before any shared schema runs in this chunk (CSP forbids eval).
import '../../../lib/zod';
import { Outlet, useParams } from 'react-router';
import { AuditPage } from '../../../features/admin/components/audit-page';
import { ConsoleNav } from '../../../features/admin/components/console-nav';
import { HealthPage } from '../../../features/admin/components/health-page';
import { OverviewPage } from '../../../features/admin/components/overview-page';
import { RelationshipsPage } from '../../../features/admin/components/relationships-page';
import { ResearchPage } from '../../../features/admin/components/research-page';
import { SystemPage } from '../../../features/admin/components/system-page';
import { UserDetailPage } from '../../../features/admin/components/user-detail-page';
import { UsersPage } from '../../../features/admin/components/users-page';
import { PageHeader } from '../../../features/shell/components/page-header';

/** /admin/*: the console's header and its own navigation around each section. */
export function AdminConsoleLayout() {
  return (
    <div className="grid gap-4">
      <PageHeader title="Admin Interface" subtitle="System Owner/Researcher console" />
      <ConsoleNav />
      <Outlet />
    </div>
  );
}

export const AdminOverviewRoute = OverviewPage;
export const AdminUsersRoute = UsersPage;
export const AdminRelationshipsRoute = RelationshipsPage;
export const AdminAuditRoute = AuditPage;
export const AdminSystemRoute = SystemPage;
export const AdminHealthRoute = HealthPage;
export const AdminResearchRoute = ResearchPage;

/** /admin/users/:userId */
export function AdminUserRoute() {
  const { userId = '' } = useParams();
  return <UserDetailPage key={userId} userId={userId} />;
}
