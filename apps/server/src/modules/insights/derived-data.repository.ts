import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  analysisDays,
  analysisDisputes,
  analysisItems,
  analysisModels,
  analysisReflections,
  analysisRollups,
} from '../../db/schema/analysis';

/**
 * The SQL that crosses every derived table at once: what "delete what was derived from me"
 * removes, in one transaction (the per-table SQL is in the other *.repository.ts files).
 */
export function createDerivedDataRepository(db: Db) {
  return {
    /** Everything derived from this person's data (the choice to analyse stays). */
    async deleteDerived(userId: string) {
      return db.transaction(async (tx) => {
        const items = await tx
          .delete(analysisItems)
          .where(eq(analysisItems.userId, userId))
          .returning({ kind: analysisItems.sourceKind, sourceId: analysisItems.sourceId });
        const disputes = await tx
          .delete(analysisDisputes)
          .where(eq(analysisDisputes.userId, userId))
          .returning({ id: analysisDisputes.id });
        await tx.delete(analysisModels).where(eq(analysisModels.userId, userId));
        await tx.delete(analysisDays).where(eq(analysisDays.userId, userId));
        await tx.delete(analysisRollups).where(eq(analysisRollups.userId, userId));
        await tx.delete(analysisReflections).where(eq(analysisReflections.userId, userId));
        return { items, disputes: disputes.length };
      });
    },
  };
}

export type DerivedDataRepository = ReturnType<typeof createDerivedDataRepository>;
