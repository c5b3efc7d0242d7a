import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisDisputes } from '../../db/schema/analysis';

export type DisputeRow = typeof analysisDisputes.$inferSelect;

/** The SQL of disputes: the cards a person said do not fit them, and why. */
export function createDisputesRepository(db: Db) {
  return {
    async disputesOf(userId: string): Promise<DisputeRow[]> {
      return db
        .select()
        .from(analysisDisputes)
        .where(eq(analysisDisputes.userId, userId))
        .orderBy(asc(analysisDisputes.createdAt));
    },

    async saveDispute(dispute: Omit<typeof analysisDisputes.$inferInsert, 'id'>) {
      const [row] = await db
        .insert(analysisDisputes)
        .values(dispute)
        .onConflictDoUpdate({
          target: [analysisDisputes.userId, analysisDisputes.insightId],
          set: {
            reason: dispute.reason,
            claim: dispute.claim,
            words: dispute.words,
            createdAt: dispute.createdAt,
          },
        })
        .returning();
      if (!row) throw new Error('dispute upsert returned no row');
      return row;
    },

    async deleteDispute(userId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(analysisDisputes)
        .where(and(eq(analysisDisputes.userId, userId), eq(analysisDisputes.id, id)))
        .returning({ id: analysisDisputes.id });
      return gone.length > 0;
    },
  };
}

export type DisputesRepository = ReturnType<typeof createDisputesRepository>;
