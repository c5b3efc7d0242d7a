import {
  DEFAULT_SETTINGS,
  SETTINGS_PATCH_SCHEMAS,
  settingsSectionsFor,
  type ProfileSettings,
  type Settings,
  type SettingsResponse,
  type SettingsSection,
  type StoredSettings,
  type SystemSettings,
} from '@kaleido/shared/settings/settings.schemas';
import { badRequest, forbidden } from '../../http/errors';
import type { ProfileEdits } from '../profile/profile-edits';
import type { ProfileReads } from '../profile/profile-reads';
import { storedWithDefaults } from './preferences';
import type { SettingsRepository } from './settings.repository';

export type SettingsService = ReturnType<typeof createSettingsService>;

const SECTION_UNAVAILABLE_MESSAGE = 'These settings are not available in your current interface.';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * user_settings (SPEC §3, §7): created with the spec's defaults on first load; a change merges the
 * sent keys into its section. Which sections a viewer may change follows the settings tabs.
 */
export function createSettingsService(deps: {
  repository: SettingsRepository;
  profileReads: Pick<ProfileReads, 'viewerOf' | 'load'>;
  profileEdits: Pick<ProfileEdits, 'updateField'>;
  /** Told after a section is saved (journal reminders follow the notification toggles). */
  onSectionChanged?: (userId: string, section: SettingsSection) => Promise<void>;
  /**
   * The System tab's settings are the instance's (instance_settings), not the admin's: read and
   * changed here when given; otherwise kept in user_settings.
   */
  system?: {
    read(): Promise<SystemSettings>;
    change(actorId: string, patch: Partial<SystemSettings>): Promise<unknown>;
  };
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function stored(userId: string): Promise<StoredSettings> {
    return storedWithDefaults(
      (await repository.find(userId)) ?? (await repository.ensure(userId, DEFAULT_SETTINGS)),
    );
  }

  async function all(userId: string): Promise<Settings> {
    const [sections, profile, system] = await Promise.all([
      stored(userId),
      deps.profileReads.load(userId),
      deps.system?.read(),
    ]);
    if (system) sections.system_settings = system;
    const profile_settings: ProfileSettings = {
      timezone: text(profile.values.timezone),
      pronouns: text(profile.values.pronouns),
      avatar_url: text(profile.values.avatar_url),
    };
    return { profile_settings, ...sections };
  }

  async function load(userId: string): Promise<SettingsResponse> {
    const [settings, viewer] = await Promise.all([all(userId), deps.profileReads.viewerOf(userId)]);
    return { ...settings, sections: settingsSectionsFor(viewer) };
  }

  return {
    load,
    all,

    async update(userId: string, section: SettingsSection, body: unknown) {
      const viewer = await deps.profileReads.viewerOf(userId);
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
          await deps.profileEdits.updateField(userId, field as 'timezone', value);
      } else if (section === 'system_settings' && deps.system) {
        if (Object.keys(patch).length > 0) await deps.system.change(userId, patch);
      } else if (Object.keys(patch).length > 0) {
        const current = await stored(userId);
        if (section === 'professional_settings' && patch.alert_preferences)
          patch.alert_preferences = {
            ...current.professional_settings.alert_preferences,
            ...patch.alert_preferences,
          };
        await repository.mergeSection(userId, section, patch, now());
        await deps.onSectionChanged?.(userId, section);
      }
      return load(userId);
    },

    /**
     * The ethical-use confirmation asked by the professional interface itself (care), which is
     * also where an admin acting as a professional answers it: the Professional tab is the admin
     * interface's (SPEC §2), the statement is the client interface's. The caller checks who acts
     * as a professional.
     */
    async confirmEthicalUse(userId: string) {
      await stored(userId); // the row exists before a section is merged into it
      await repository.mergeSection(
        userId,
        'professional_settings',
        { ethical_use_confirmed: true },
        now(),
      );
      await deps.onSectionChanged?.(userId, 'professional_settings');
    },

    /** Delete data: every section back to the defaults (the row is recreated on next load). */
    reset: (userId: string) => repository.remove(userId),
  };
}
