import {
  DEFAULT_SETTINGS,
  SETTINGS_PATCH_SCHEMAS,
  settingsSectionsFor,
  type PrivacySettings,
  type ProfileSettings,
  type Settings,
  type SettingsResponse,
  type SettingsSection,
  type StoredSettings,
} from '@kaleido/shared/settings/settings.schemas';
import { badRequest, forbidden } from '../../http/errors';
import type { ProfileService } from '../profile/profile.service';
import type { SettingsRepository } from './settings.repository';

export type SettingsService = ReturnType<typeof createSettingsService>;

const SECTION_UNAVAILABLE_MESSAGE = 'These settings are not available in your current interface.';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Each stored section over its defaults, so a key added in a later release has its default. */
function withDefaults(stored: StoredSettings): StoredSettings {
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

/**
 * user_settings (SPEC §3, §7): created with the spec's defaults on first load; a change merges the
 * sent keys into its section. Which sections a viewer may change follows the settings tabs.
 */
export function createSettingsService(deps: {
  repository: SettingsRepository;
  profile: Pick<ProfileService, 'viewerOf' | 'load' | 'updateField'>;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function stored(userId: string): Promise<StoredSettings> {
    return withDefaults(
      (await repository.find(userId)) ?? (await repository.ensure(userId, DEFAULT_SETTINGS)),
    );
  }

  /** The same values without creating the row: checks made for others must not write. */
  async function current(userId: string): Promise<StoredSettings> {
    return withDefaults((await repository.find(userId)) ?? DEFAULT_SETTINGS);
  }

  async function all(userId: string): Promise<Settings> {
    const [sections, profile] = await Promise.all([stored(userId), deps.profile.load(userId)]);
    const profile_settings: ProfileSettings = {
      timezone: text(profile.values.timezone),
      pronouns: text(profile.values.pronouns),
      avatar_url: text(profile.values.avatar_url),
    };
    return { profile_settings, ...sections };
  }

  async function load(userId: string): Promise<SettingsResponse> {
    const [settings, viewer] = await Promise.all([all(userId), deps.profile.viewerOf(userId)]);
    return { ...settings, sections: settingsSectionsFor(viewer) };
  }

  return {
    load,
    all,

    async update(userId: string, section: SettingsSection, body: unknown) {
      const viewer = await deps.profile.viewerOf(userId);
      if (!settingsSectionsFor(viewer).includes(section))
        throw forbidden(SECTION_UNAVAILABLE_MESSAGE, 'SECTION_UNAVAILABLE');
      const parsed = SETTINGS_PATCH_SCHEMAS[section].safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const message =
          issue?.code === 'unrecognized_keys'
            ? `Unknown setting: ${issue.keys.join(', ')}`
            : (issue?.message ?? 'Invalid value');
        throw badRequest(
          message,
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
          'VALIDATION',
        );
      }
      const patch: Record<string, unknown> = parsed.data;
      if (section === 'profile_settings') {
        // A view of the profile: each key is a profile field change, under the profile's rules.
        for (const [field, value] of Object.entries(patch))
          await deps.profile.updateField(userId, field as 'timezone', value);
      } else if (Object.keys(patch).length > 0) {
        const current = await stored(userId);
        if (section === 'professional_settings' && patch.alert_preferences)
          patch.alert_preferences = {
            ...current.professional_settings.alert_preferences,
            ...patch.alert_preferences,
          };
        await repository.mergeSection(userId, section, patch, now());
      }
      return load(userId);
    },

    /** The privacy toggles, for the sharing rules of other features. */
    async privacyOf(userId: string): Promise<PrivacySettings> {
      return (await current(userId)).privacy_settings;
    },

    /** The notification toggles, obeyed by notifications and mail. */
    async notificationsOf(userId: string) {
      return (await current(userId)).notification_settings;
    },

    /** Delete data: every section back to the defaults (the row is recreated on next load). */
    reset: (userId: string) => repository.remove(userId),
  };
}
