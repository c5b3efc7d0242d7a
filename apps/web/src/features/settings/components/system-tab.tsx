import { COMPLIANCE_MODES, type SettingsResponse } from '@kaleido/shared/settings/settings.schemas';
import { Link } from 'react-router';
import { SettingSelect } from './setting-select';
import { SettingSwitch } from './setting-switch';
import { SettingTextInput } from './setting-text-input';
import { SettingsSectionCard } from './settings-section-card';

const COMPLIANCE_LABELS: Record<(typeof COMPLIANCE_MODES)[number], string> = {
  standard: 'Standard',
  gdpr: 'GDPR',
  hipaa: 'HIPAA',
  research: 'Research',
};

/** "Parsed as an integer" (SPEC §5): whole numbers go as numbers, anything else as typed. */
function retentionValue(text: string): unknown {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** System tab (admins in the admin interface): administration and compliance. */
export function SystemTab({ settings }: { settings: SettingsResponse }) {
  const values = settings.system_settings;
  return (
    <div className="grid gap-6">
      <SettingsSectionCard title="User Management" description="Accounts, roles and assignments">
        <p className="py-3 text-sm">
          Accounts and roles are managed from the{' '}
          <Link to="/admin" className="font-medium text-primary underline">
            admin interface
          </Link>{' '}
          and with the operator CLI (<code>npm run cli -- user:create</code>).
        </p>
      </SettingsSectionCard>
      <SettingsSectionCard title="System Config" description="Logging and data retention">
        <SettingSwitch
          section="system_settings"
          name="audit_logs"
          label="Audit logs"
          description="Record security events such as sign-ins, exports and deletions."
          checked={values.audit_logs}
        />
        <SettingTextInput
          section="system_settings"
          name="data_retention_days"
          label="Data retention (days)"
          description="A whole number of days from 1 to 3650."
          inputMode="numeric"
          value={values.data_retention_days}
          toValue={retentionValue}
        />
      </SettingsSectionCard>
      <SettingsSectionCard
        title="Compliance"
        description="The regulation your data handling follows"
      >
        <SettingSelect
          section="system_settings"
          name="compliance_mode"
          label="Compliance mode"
          value={values.compliance_mode}
          options={COMPLIANCE_MODES.map((value) => ({ value, label: COMPLIANCE_LABELS[value] }))}
        />
      </SettingsSectionCard>
      <SettingsSectionCard title="Research Tools" description="Anonymized datasets">
        <p className="py-3 text-sm">
          Aggregates and k-anonymous exports are in the admin interface&apos;s{' '}
          <Link to="/admin/research" className="font-medium text-primary underline">
            Research
          </Link>{' '}
          section. People choose whether to share anonymized data in their Privacy settings; dataset
          tags and research consent are on admins&apos; profiles.
        </p>
      </SettingsSectionCard>
    </div>
  );
}
