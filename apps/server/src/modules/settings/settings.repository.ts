import { eq, sql } from 'drizzle-orm';
import type {
  StoredSettings,
  StoredSettingsSection,
} from '@kaleido/shared/settings/settings.schemas';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema/settings';

const COLUMNS = {
  notification_settings: 'notificationSettings',
  privacy_settings: 'privacySettings',
  theme_settings: 'themeSettings',
  professional_settings: 'professionalSettings',
  system_settings: 'systemSettings',
} as const satisfies Record<StoredSettingsSection, keyof typeof userSettings.$inferSelect>;

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

export function createSettingsRepository(db: Db) {
  async function find(userId: string): Promise<StoredSettings | null> {
    const rows = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
    const row = rows[0];
    if (!row) return null;
    return {
      notification_settings: row.notificationSettings,
      privacy_settings: row.privacySettings,
      theme_settings: row.themeSettings,
      professional_settings: row.professionalSettings,
      system_settings: row.systemSettings,
    };
  }

  return {
    find,

    /** Inserts the defaults unless a row exists (two tabs may load at once); returns the row. */
    async ensure(userId: string, defaults: StoredSettings): Promise<StoredSettings> {
      await db
        .insert(userSettings)
        .values({
          userId,
          notificationSettings: defaults.notification_settings,
          privacySettings: defaults.privacy_settings,
          themeSettings: defaults.theme_settings,
          professionalSettings: defaults.professional_settings,
          systemSettings: defaults.system_settings,
        })
        .onConflictDoNothing({ target: userSettings.userId });
      const row = await find(userId);
      if (!row) throw new Error('user_settings row missing after insert');
      return row;
    },

    /**
     * Merges keys into one section in a single statement (jsonb ||), so two controls saved at
     * once both land. Nested objects are merged by the caller before (alert_preferences).
     */
    async mergeSection<S extends StoredSettingsSection>(
      userId: string,
      section: S,
      patch: Partial<StoredSettings[S]>,
      at: Date,
    ) {
      const column = userSettings[COLUMNS[section]];
      await db
        .update(userSettings)
        .set({
          [COLUMNS[section]]: sql`${column} || ${JSON.stringify(patch)}::jsonb`,
          updatedAt: at,
        })
        .where(eq(userSettings.userId, userId));
    },

    async remove(userId: string) {
      await db.delete(userSettings).where(eq(userSettings.userId, userId));
    },
  };
}
