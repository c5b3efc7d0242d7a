import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisModels } from '../../db/schema/analysis';

/** The SQL of the personal mood model: one learned model per person. */
export function createPersonalModelRepository(db: Db) {
  return {
    async findModel(userId: string) {
      const [row] = await db.select().from(analysisModels).where(eq(analysisModels.userId, userId));
      return row ?? null;
    },

    async saveModel(userId: string, model: unknown, entries: number, at: Date) {
      await db
        .insert(analysisModels)
        .values({ userId, model, entries, updatedAt: at })
        .onConflictDoUpdate({
          target: analysisModels.userId,
          set: { model, entries, updatedAt: at },
        });
    },
  };
}

export type PersonalModelRepository = ReturnType<typeof createPersonalModelRepository>;
