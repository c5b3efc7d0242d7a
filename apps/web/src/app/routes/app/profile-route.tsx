// zod must be jitless before any shared schema runs in this chunk (CSP forbids eval).
import '../../../lib/zod';
import { NavLink, useLocation } from 'react-router';
import { ProfileScreen } from '../../../features/profile/components/profile-screen';
import { SecurityScreen } from '../../../features/profile/components/security-screen';
import { PageHeader } from '../../../features/shell/components/page-header';
import { cn } from '../../../lib/cn';

const SECTIONS = [
  { path: '/app/profile/personal-info', label: 'Personal Information' },
  { path: '/app/profile/preferences', label: 'Preferences' },
  { path: '/app/profile/security', label: 'Security' },
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
      <nav aria-label="Profile sections" className="mt-4 flex gap-1 border-b">
        {SECTIONS.map((section) => (
          <NavLink
            key={section.path}
            to={section.path}
            className={({ isActive }) =>
              cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                isActive
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">{security ? <SecurityScreen /> : <ProfileScreen />}</div>
    </>
  );
}
