import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisSettings } from '../../db/schema/analysis';

/** The SQL of a person's choices: analysis on or off, and the language model's reflection. */
export function createInsightsSettingsRepository(db: Db) {
  return {
    async enabled(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ enabled: analysisSettings.enabled })
        .from(analysisSettings)
        .where(eq(analysisSettings.userId, userId));
      return row?.enabled ?? true;
    },

    /** The weekly reflection by the operator's language model: off unless the person chose it. */
    async llmReflection(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ on: analysisSettings.llmReflection })
        .from(analysisSettings)
        .where(eq(analysisSettings.userId, userId));
      return row?.on ?? false;
    },

    async setLlmReflection(userId: string, on: boolean, at: Date) {
      await db
        .insert(analysisSettings)
        .values({ userId, llmReflection: on, updatedAt: at })
        .onConflictDoUpdate({
          target: analysisSettings.userId,
          set: { llmReflection: on, updatedAt: at },
        });
    },

    async setEnabled(userId: string, enabled: boolean, at: Date) {
      await db
        .insert(analysisSettings)
        .values({ userId, enabled, updatedAt: at })
        .onConflictDoUpdate({ target: analysisSettings.userId, set: { enabled, updatedAt: at } });
    },

    async deleteSettings(userId: string) {
      await db.delete(analysisSettings).where(eq(analysisSettings.userId, userId));
    },
  };
}

export type InsightsSettingsRepository = ReturnType<typeof createInsightsSettingsRepository>;
