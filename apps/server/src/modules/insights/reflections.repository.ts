import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisReflections } from '../../db/schema/analysis';

/** The SQL of weekly reflections the operator's language model wrote (reflection-writer.ts). */
export function createReflectionsRepository(db: Db) {
  return {
    async reflectionOf(userId: string, week: string) {
      const [row] = await db
        .select()
        .from(analysisReflections)
        .where(and(eq(analysisReflections.userId, userId), eq(analysisReflections.week, week)));
      return row ?? null;
    },

    async saveReflection(row: typeof analysisReflections.$inferInsert & { writtenAt: Date }) {
      await db
        .insert(analysisReflections)
        .values(row)
        .onConflictDoUpdate({
          target: [analysisReflections.userId, analysisReflections.week],
          set: { key: row.key, model: row.model, text: row.text, writtenAt: row.writtenAt },
        });
    },

    async reflectionsOf(userId: string) {
      return db
        .select()
        .from(analysisReflections)
        .where(eq(analysisReflections.userId, userId))
        .orderBy(asc(analysisReflections.week));
    },
  };
}

export type ReflectionsRepository = ReturnType<typeof createReflectionsRepository>;
