import type { SettingsResponse } from '@kaleido/shared/settings/settings.schemas';
import type { ReactNode } from 'react';
import { AccountDataCard } from './account-data-card';
import { SettingSwitch } from './setting-switch';
import { SettingsSectionCard } from './settings-section-card';

/**
 * Privacy tab: the sharing toggles (SPEC §2), what the route adds (the professionals the person
 * works with and the access log), then the person's own data: export and deletion.
 */
export function PrivacyTab({ settings, extra }: { settings: SettingsResponse; extra?: ReactNode }) {
  const values = settings.privacy_settings;
  return (
    <div className="grid gap-6">
      <SettingsSectionCard title="Privacy" description="Data sharing and visibility controls">
        <SettingSwitch
          section="privacy_settings"
          name="insights_visible_to_clients"
          label="Share Insights with Clients"
          description="Let the professionals you are assigned to see your insights."
          checked={values.insights_visible_to_clients}
        />
        <SettingSwitch
          section="privacy_settings"
          name="data_sharing"
          label="Research data sharing"
          description="Optional: share anonymized data for research."
          checked={values.data_sharing}
        />
      </SettingsSectionCard>
      {extra}
      <AccountDataCard />
    </div>
  );
}
