import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instanceSettings } from '../../db/schema/admin';

export type InstanceSettingsRepository = ReturnType<typeof createInstanceSettingsRepository>;

export function createInstanceSettingsRepository(db: Db) {
  return {
    async all(): Promise<Record<string, unknown>> {
      const rows = await db.select().from(instanceSettings);
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    },

    async set(values: Record<string, unknown>, at: Date): Promise<void> {
      const rows = Object.entries(values).map(([key, value]) => ({ key, value, updatedAt: at }));
      if (rows.length === 0) return;
      await db
        .insert(instanceSettings)
        .values(rows)
        .onConflictDoUpdate({
          target: instanceSettings.key,
          set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
        });
    },
  };
}
