import type { PrivacySettings } from '@kaleido/shared/settings/settings.schemas';

// What the profile asks of the person's settings, declared here so that profile knows nothing of
// the settings module (which reads and writes profile fields itself: settings → profile, one
// way; decision 050). app's composition hands over settings' Preferences and PreferenceChanges.

/** The owner's 'Share Insights with Clients' toggle, for assigned professionals. */
export interface InsightsSharing {
  privacyOf(userId: string): Promise<Pick<PrivacySettings, 'insights_visible_to_clients'>>;
}

/** Told after a field is saved (journal reminders follow frequency and timezone). */
export interface ProfileFieldChanges {
  profileFieldChanged(userId: string, field: string): Promise<void>;
}
