import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personalityResults } from '../../db/schema/analysis';

/** The SQL of the IPIP-50 questionnaire: every take a person kept. */
export function createPersonalityRepository(db: Db) {
  return {
    async savePersonality(row: Omit<typeof personalityResults.$inferInsert, 'id'>) {
      const [saved] = await db.insert(personalityResults).values(row).returning();
      if (!saved) throw new Error('personality insert returned no row');
      return saved;
    },

    /** Newest first. */
    async personalityOf(userId: string) {
      return db
        .select()
        .from(personalityResults)
        .where(eq(personalityResults.userId, userId))
        .orderBy(desc(personalityResults.takenAt));
    },

    async deletePersonality(userId: string) {
      await db.delete(personalityResults).where(eq(personalityResults.userId, userId));
    },
  };
}

export type PersonalityRepository = ReturnType<typeof createPersonalityRepository>;
