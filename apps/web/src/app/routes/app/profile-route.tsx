// zod must be jitless before any shared schema runs in this chunk (CSP forbids eval).
import '../../../lib/zod';
import { useLocation } from 'react-router';
import { TabLinks } from '../../../components/ui/tab-links';
import { ProfileScreen } from '../../../features/profile/components/profile-screen';
import { SecurityScreen } from '../../../features/profile/components/security-screen';
import { PageHeader } from '../../../features/shell/components/page-header';

const SECTIONS = [
  { to: '/app/profile/personal-info', label: 'Personal Information' },
  { to: '/app/profile/preferences', label: 'Preferences' },
  { to: '/app/profile/security', label: 'Security' },
] as const;

/**
 * /app/profile/*: the 'Personal Information' cards (SPEC §2) on personal-info and preferences;
 * /security holds account security (issue 4).
 */
export function ProfilePage() {
  const { pathname } = useLocation();
  const security = pathname.startsWith('/app/profile/security');
  return (
    <>
      <PageHeader title="Personal Information" subtitle="Your profile and how others see you" />
      <TabLinks label="Profile sections" tabs={SECTIONS} className="mt-4" />
      <div className="mt-6">{security ? <SecurityScreen /> : <ProfileScreen />}</div>
    </>
  );
}
