import { profileField, TIMEZONE_CHOICES } from '@kaleido/shared/profile/profile-fields';
import type { SettingsResponse } from '@kaleido/shared/settings/settings.schemas';
import { Link } from 'react-router';
import { SettingSelect } from './setting-select';
import { SettingsSectionCard } from './settings-section-card';

const PRONOUN_OPTIONS = profileField('pronouns');

/** Profile tab: the profile's timezone and pronouns (the same fields as the profile page). */
export function ProfileTab({ settings }: { settings: SettingsResponse }) {
  const profile = settings.profile_settings;
  return (
    <SettingsSectionCard title="Profile" description="Personal information and preferences">
      <SettingSelect
        section="profile_settings"
        name="timezone"
        label="Timezone"
        description="Used for reminders and to show times in your local time."
        value={profile.timezone}
        options={TIMEZONE_CHOICES}
      />
      <SettingSelect
        section="profile_settings"
        name="pronouns"
        label="Pronouns"
        value={profile.pronouns}
        options={'options' in PRONOUN_OPTIONS ? PRONOUN_OPTIONS.options : []}
        placeholder="Select your pronouns"
      />
      <p className="py-3 text-sm">
        Your avatar, name and the rest of your profile are on{' '}
        <Link to="/app/profile/personal-info" className="font-medium text-primary underline">
          your profile page
        </Link>
        .
      </p>
    </SettingsSectionCard>
  );
}
