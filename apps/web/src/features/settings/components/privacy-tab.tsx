import type { SettingsResponse } from '@kaleido/shared/settings/settings.schemas';
import { AccountDataCard } from './account-data-card';
import { SettingSwitch } from './setting-switch';
import { SettingsSectionCard } from './settings-section-card';

/** Privacy tab: the sharing toggles (SPEC §2), then the person's own data: export and deletion. */
export function PrivacyTab({ settings }: { settings: SettingsResponse }) {
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
      <AccountDataCard />
    </div>
  );
}
