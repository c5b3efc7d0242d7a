import {
  DEFAULT_SETTINGS,
  type PrivacySettings,
  type StoredSettings,
} from '@kaleido/shared/settings/settings.schemas';
import type { SettingsRepository } from './settings.repository';

export type Preferences = ReturnType<typeof createPreferences>;

/** Each stored section over its defaults, so a key added in a later release has its default. */
export function storedWithDefaults(stored: StoredSettings): StoredSettings {
  const d = DEFAULT_SETTINGS;
  return {
    notification_settings: { ...d.notification_settings, ...stored.notification_settings },
    privacy_settings: { ...d.privacy_settings, ...stored.privacy_settings },
    theme_settings: { ...d.theme_settings, ...stored.theme_settings },
    professional_settings: {
      ...d.professional_settings,
      ...stored.professional_settings,
      alert_preferences: {
        ...d.professional_settings.alert_preferences,
        ...stored.professional_settings.alert_preferences,
      },
    },
    system_settings: { ...d.system_settings, ...stored.system_settings },
  };
}

/** The same values without creating the row: checks made for others must not write. */
async function current(repository: SettingsRepository, userId: string): Promise<StoredSettings> {
  return storedWithDefaults((await repository.find(userId)) ?? DEFAULT_SETTINGS);
}

/**
 * The toggles other features obey (sharing rules, notification mail). They read settings and
 * never write them, so they need neither the profile nor the settings service.
 */
export function createPreferences(repository: SettingsRepository) {
  return {
    /** The privacy toggles, for the sharing rules of other features. */
    async privacyOf(userId: string): Promise<PrivacySettings> {
      return (await current(repository, userId)).privacy_settings;
    },

    /** The professional settings: ethical-use confirmation, report format, alerts (care). */
    async professionalOf(userId: string) {
      return (await current(repository, userId)).professional_settings;
    },

    /** The notification toggles, obeyed by notifications and mail. */
    async notificationsOf(userId: string) {
      return (await current(repository, userId)).notification_settings;
    },
  };
}
