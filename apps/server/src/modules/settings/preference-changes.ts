import type { SettingsSection } from '@kaleido/shared/settings/settings.schemas';

type FieldListener = (userId: string, field: string) => Promise<void>;
type SectionListener = (userId: string, section: SettingsSection) => Promise<void>;

export type PreferenceChanges = ReturnType<typeof createPreferenceChanges>;

/**
 * Tells the modules that follow a person's choices (journal reminders follow the frequency, the
 * timezone and the notification toggles) that a profile field or a settings section was saved.
 * Profile and settings are created before those modules, so listeners subscribe later.
 */
export function createPreferenceChanges() {
  const fieldListeners: FieldListener[] = [];
  const sectionListeners: SectionListener[] = [];
  return {
    onProfileField(listener: FieldListener) {
      fieldListeners.push(listener);
    },
    onSettingsSection(listener: SectionListener) {
      sectionListeners.push(listener);
    },
    async profileFieldChanged(userId: string, field: string) {
      for (const listener of fieldListeners) await listener(userId, field);
    },
    async settingsSectionChanged(userId: string, section: SettingsSection) {
      for (const listener of sectionListeners) await listener(userId, section);
    },
  };
}
