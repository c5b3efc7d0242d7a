// zod must be jitless before any shared schema runs in this chunk (CSP forbids eval).
import '../../../lib/zod';
import { useLocation } from 'react-router';
import { CarePrivacyCard } from '../../../features/care/components/care-privacy-card';
import { CareReportExports } from '../../../features/care/components/report-exports';
import { SettingsScreen } from '../../../features/settings/components/settings-screen';
import { PageHeader } from '../../../features/shell/components/page-header';

/** /app/settings/* (roles, alerts, exports, compliance): the same page (SPEC §2), open on the tab the path names. */
export function SettingsPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title="Settings" subtitle="Manage your preferences and account settings" />
      <div className="mt-6">
        <SettingsScreen
          pathname={pathname}
          privacyExtra={<CarePrivacyCard />}
          professionalExtra={<CareReportExports />}
        />
      </div>
    </>
  );
}
