import type { SettingsResponse } from '@kaleido/shared/settings/settings.schemas';
import { SettingSwitch } from './setting-switch';
import { SettingsSectionCard } from './settings-section-card';

/** Notifications tab: reminders, nudges and email (SPEC §3 notification_settings). */
export function NotificationsTab({ settings }: { settings: SettingsResponse }) {
  const values = settings.notification_settings;
  return (
    <SettingsSectionCard title="Notifications" description="Email and app notification settings">
      <SettingSwitch
        section="notification_settings"
        name="journal_reminders"
        label="Journal reminders"
        description="Reminders to journal at the frequency you chose in your profile."
        checked={values.journal_reminders}
      />
      <SettingSwitch
        section="notification_settings"
        name="reflection_nudges"
        label="Reflection nudges"
        description="Gentle prompts to reflect on your recent entries."
        checked={values.reflection_nudges}
      />
      <SettingSwitch
        section="notification_settings"
        name="email_notifications"
        label="Email notifications"
        description="Receive notifications by email as well as in the app."
        checked={values.email_notifications}
      />
    </SettingsSectionCard>
  );
}
