import type { SettingsSection } from '@kaleido/shared/settings/settings.schemas';

/** The settings screen's toasts (SPEC §8). */
export const SETTINGS_TOASTS = {
  saved: { title: 'Settings saved', description: 'Your settings have been updated successfully.' },
  saveFailed: {
    title: 'Error saving settings',
    description: 'There was a problem saving your settings.',
  },
  loadFailed: {
    title: 'Error loading settings',
    description: 'There was a problem loading your settings.',
  },
  dataDeleted: { title: 'Data deleted', description: 'All your data has been deleted.' },
  deleteFailed: {
    title: 'Error deleting data',
    description: 'There was a problem deleting your data. Please try again.',
  },
  accountDeleted: { title: 'Account deleted', description: 'Your account has been deleted.' },
} as const;

/** The delete-data confirmation (SPEC §8), word for word. */
export const DELETE_DATA_TEXT =
  'This action will permanently delete all your data including journal entries, personality analyses, and settings. This action cannot be undone.';

/** Tab labels and descriptions (SPEC §2), in the spec's order. */
export const SETTINGS_TABS: Record<SettingsSection, { label: string; description: string }> = {
  profile_settings: { label: 'Profile', description: 'Personal information and preferences' },
  notification_settings: {
    label: 'Notifications',
    description: 'Email and app notification settings',
  },
  privacy_settings: { label: 'Privacy', description: 'Data sharing and visibility controls' },
  theme_settings: { label: 'Appearance', description: 'Theme and display preferences' },
  professional_settings: {
    label: 'Professional',
    description: 'Professional credentials and tools',
  },
  system_settings: { label: 'System', description: 'System administration and compliance' },
};
