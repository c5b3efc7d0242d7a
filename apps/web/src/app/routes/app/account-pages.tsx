import { Settings, UserRound } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../features/shell/components/page-header';
import { useSession } from '../../../lib/session';

/** /app/profile/*: the account basics known today; the full profile form is another issue. */
export function ProfilePage() {
  const { session } = useSession();
  return (
    <>
      <PageHeader title="Personal Information" subtitle="Your profile and how others see you" />
      <dl className="mt-6 grid max-w-xl gap-4 rounded-lg border p-6 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium">Full name</dt>
        <dd>{session.profile?.fullName || 'User'}</dd>
        <dt className="font-medium">Email</dt>
        <dd>{session.user?.email}</dd>
      </dl>
      <EmptyState icon={UserRound} title="More profile fields are on their way">
        Personal, professional and administrative details will be editable here.
      </EmptyState>
    </>
  );
}

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
