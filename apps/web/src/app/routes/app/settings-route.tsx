// zod must be jitless before any shared schema runs in this chunk (CSP forbids eval).
import '../../../lib/zod';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { CarePrivacyCard } from '../../../features/care/components/care-privacy-card';
import { CareReportExports } from '../../../features/care/components/report-exports';
import { SettingsScreen } from '../../../features/settings/components/settings-screen';
import { PageHeader } from '../../../features/shell/components/page-header';
import { settingsQuery } from '../../../lib/api/settings';

/** The care card beside the sharing switch, told the switch's state from the same cache entry. */
function CareSharing() {
  const { data } = useQuery(settingsQuery());
  return <CarePrivacyCard sharingOn={data?.privacy_settings.insights_visible_to_clients} />;
}

/** /app/settings/* (roles, alerts, exports, compliance): the same page (SPEC §2), open on the tab the path names. */
export function SettingsPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title="Settings" subtitle="Manage your preferences and account settings" />
      <div className="mt-6">
        <SettingsScreen
          pathname={pathname}
          privacyExtra={<CareSharing />}
          professionalExtra={<CareReportExports />}
        />
      </div>
    </>
  );
}
