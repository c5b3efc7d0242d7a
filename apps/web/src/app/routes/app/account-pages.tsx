import { Settings } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../features/shell/components/page-header';

/** /app/settings/*: title and subtitle as the spec gives them; the tabs are another issue. */
export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" subtitle="Manage your preferences and account settings" />
      <EmptyState icon={Settings} title="Settings are on their way">
        Notification, privacy and appearance settings will be available here.
      </EmptyState>
    </>
  );
}
