import {
  FONT_SIZES,
  THEMES,
  VISUAL_SOFTNESS,
  type SettingsResponse,
} from '@kaleido/shared/settings/settings.schemas';
import { SettingSelect } from './setting-select';
import { SettingsSectionCard } from './settings-section-card';

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const choices = (values: readonly string[]) =>
  values.map((value) => ({ value, label: label(value) }));

/** Appearance tab: applies across the app as soon as each choice is saved. */
export function AppearanceTab({ settings }: { settings: SettingsResponse }) {
  const values = settings.theme_settings;
  return (
    <SettingsSectionCard title="Appearance" description="Theme and display preferences">
      <SettingSelect
        section="theme_settings"
        name="theme"
        label="Theme"
        value={values.theme}
        options={choices(THEMES)}
      />
      <SettingSelect
        section="theme_settings"
        name="font_size"
        label="Font size"
        value={values.font_size}
        options={choices(FONT_SIZES)}
      />
      <SettingSelect
        section="theme_settings"
        name="visual_softness"
        label="Visual softness"
        description="How rounded corners look across the app."
        value={values.visual_softness}
        options={choices(VISUAL_SOFTNESS)}
      />
    </SettingsSectionCard>
  );
}
