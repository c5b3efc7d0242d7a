import type { SettingsResponse } from '@kaleido/shared/settings/settings.schemas';
import type { ReactNode } from 'react';
import { AccountDataCard } from './account-data-card';
import { FindableSwitch } from './findable-switch';
import { SettingSelect } from './setting-select';
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
        <FindableSwitch />
        <SettingSelect
          section="privacy_settings"
          name="new_entry_privacy"
          label="New journal entries"
          description="Who can read a new entry unless you choose otherwise when you write it."
          value={values.new_entry_privacy}
          options={[
            { value: 'private', label: 'Private (only you)' },
            { value: 'shared_with_clients', label: 'Shared with your professionals' },
          ]}
        />
      </SettingsSectionCard>
      {extra}
      <AccountDataCard />
    </div>
  );
}
