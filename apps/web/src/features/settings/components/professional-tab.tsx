import {
  REPORT_FORMATS,
  RISK_THRESHOLDS,
  SPIKE_SENSITIVITIES,
  type SettingsResponse,
} from '@kaleido/shared/settings/settings.schemas';
import type { ReactNode } from 'react';
import { ExportLinks } from './account-data-card';
import { SettingSelect } from './setting-select';
import { SettingSwitch } from './setting-switch';
import { SettingsSectionCard } from './settings-section-card';
import { SettingTextInput } from './setting-text-input';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Professional tab (clients, admins in the admin interface): credentials and tools. */
export function ProfessionalTab({
  settings,
  reports,
}: {
  settings: SettingsResponse;
  /** Client reports (care): person, period, PDF and CSV in the chosen report format. */
  reports?: ReactNode;
}) {
  const values = settings.professional_settings;
  return (
    <div className="grid gap-6">
      <SettingsSectionCard title="Professional" description="Professional credentials and tools">
        <SettingTextInput
          section="professional_settings"
          name="credentials"
          label="Credentials"
          description="Your qualifications as you want them shown in reports."
          value={values.credentials}
          toValue={(text) => text}
        />
        <SettingSelect
          section="professional_settings"
          name="report_format"
          label="Report format"
          value={values.report_format}
          options={REPORT_FORMATS.map((value) => ({
            value,
            label: capitalised(value),
          }))}
        />
        <SettingSwitch
          section="professional_settings"
          name="risk_alerts"
          label="Risk alerts"
          description="Be alerted when a client's entries suggest risk."
          checked={values.alert_preferences.risk_alerts}
          patch={(risk_alerts) => ({ alert_preferences: { risk_alerts } })}
        />
        <SettingSelect
          section="professional_settings"
          name="spike_sensitivity"
          label="Emotional spike sensitivity"
          description="High: smaller drops and spikes in shared data raise an alert."
          value={values.alert_preferences.spike_sensitivity}
          options={SPIKE_SENSITIVITIES.map((value) => ({ value, label: capitalised(value) }))}
          patch={(spike_sensitivity) => ({ alert_preferences: { spike_sensitivity } })}
        />
        <SettingSelect
          section="professional_settings"
          name="risk_threshold"
          label="Risk flag threshold"
          description="Conservative: an alert needs more evidence; aggressive: less."
          value={values.alert_preferences.risk_threshold}
          options={RISK_THRESHOLDS.map((value) => ({ value, label: capitalised(value) }))}
          patch={(risk_threshold) => ({ alert_preferences: { risk_threshold } })}
        />
        <SettingSwitch
          section="professional_settings"
          name="session_reminders"
          label="Session reminders"
          description="Reminders before your scheduled sessions."
          checked={values.alert_preferences.session_reminders}
          patch={(session_reminders) => ({ alert_preferences: { session_reminders } })}
        />
        <SettingSwitch
          section="professional_settings"
          name="ethical_use_confirmed"
          label="Ethical use"
          description="I confirm I use client insights only with consent and for their care."
          checked={values.ethical_use_confirmed}
        />
      </SettingsSectionCard>
      <SettingsSectionCard
        title="Exports"
        description="Reports of what the people you work with share, in your report format; and your own data."
      >
        {reports && <div className="py-3">{reports}</div>}
        <div className="py-3">
          <ExportLinks />
        </div>
      </SettingsSectionCard>
    </div>
  );
}
