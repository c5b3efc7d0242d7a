import { ShieldCheck, Users } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../features/shell/components/page-header';

/** /client: the professionals' area (its tools arrive with a later issue). */
export function ClientHomeRoute() {
  return (
    <>
      <PageHeader title="Client Interface" subtitle="Coach/HR/Psychologist workspace" />
      <EmptyState icon={Users} title="No assigned users yet">
        People who share their insights with you, and the analytics about them, will appear here.
      </EmptyState>
    </>
  );
}

/** /admin: the admin console (user management, exports and health arrive later). */
export function AdminHomeRoute() {
  return (
    <>
      <PageHeader title="Admin Interface" subtitle="System Owner/Researcher console" />
      <EmptyState icon={ShieldCheck} title="Administration tools are on their way">
        Role management, data export, system health and research tools will be available here.
      </EmptyState>
    </>
  );
}
