import { and, asc, eq, getTableColumns, gte, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { SourceKind } from '@kaleido/shared/insights/insights.constants';
import type { Db } from '../../db/client';
import { analysisItems } from '../../db/schema/analysis';

export type AnalysisItemRow = typeof analysisItems.$inferSelect;
// What cards read: everything but the model's terms and the hash.
const { terms: _terms, contentHash: _hash, ...itemColumns } = getTableColumns(analysisItems);
export const insightItemColumns = itemColumns;
export type InsightItemRow = Omit<AnalysisItemRow, 'terms' | 'contentHash'>;
export type NewAnalysisItem = Omit<typeof analysisItems.$inferInsert, 'id'>;

/** The SQL of per-item results: one analysed row per item a person wrote or said. */
export function createAnalysedItemsRepository(db: Db) {
  const ofItem = (userId: string, kind: SourceKind, sourceId: string) =>
    and(
      eq(analysisItems.userId, userId),
      eq(analysisItems.sourceKind, kind),
      eq(analysisItems.sourceId, sourceId),
    );

  return {
    async findItem(userId: string, kind: SourceKind, sourceId: string) {
      const [row] = await db
        .select()
        .from(analysisItems)
        .where(ofItem(userId, kind, sourceId));
      return row ?? null;
    },

    async upsertItem(item: NewAnalysisItem) {
      const { userId: _u, sourceKind: _k, sourceId: _s, ...changes } = item;
      await db
        .insert(analysisItems)
        .values(item)
        .onConflictDoUpdate({
          target: [analysisItems.userId, analysisItems.sourceKind, analysisItems.sourceId],
          set: changes,
        });
    },

    /** Returns whether a row went. */
    async deleteItem(userId: string, kind: SourceKind, sourceId: string): Promise<boolean> {
      const gone = await db
        .delete(analysisItems)
        .where(ofItem(userId, kind, sourceId))
        .returning({ id: analysisItems.id });
      return gone.length > 0;
    },

    /** A person's analysed items, oldest first, optionally from a time on (terms left out). */
    async itemsOf(userId: string, range: { from?: Date; to?: Date } = {}) {
      const where = [eq(analysisItems.userId, userId)];
      if (range.from) where.push(gte(analysisItems.occurredAt, range.from));
      if (range.to) where.push(lt(analysisItems.occurredAt, range.to));
      return db
        .select(itemColumns)
        .from(analysisItems)
        .where(and(...where))
        .orderBy(asc(analysisItems.occurredAt));
    },

    /**
     * Exactly these items of a person, from a time on, oldest first (terms left out): what a
     * card for another reader is computed from (decision 039).
     */
    async itemsByRefs(
      userId: string,
      refs: readonly { kind: SourceKind; id: string }[],
      from: Date,
    ) {
      const byKind = new Map<SourceKind, string[]>();
      for (const ref of refs) byKind.set(ref.kind, [...(byKind.get(ref.kind) ?? []), ref.id]);
      if (byKind.size === 0) return [];
      return db
        .select(itemColumns)
        .from(analysisItems)
        .where(
          and(
            eq(analysisItems.userId, userId),
            gte(analysisItems.occurredAt, from),
            or(
              ...[...byKind].map(([kind, ids]) =>
                and(eq(analysisItems.sourceKind, kind), inArray(analysisItems.sourceId, ids)),
              ),
            ),
          ),
        )
        .orderBy(asc(analysisItems.occurredAt));
    },

    /** Every row of a person, whole (the account export). */
    async everythingOf(userId: string): Promise<AnalysisItemRow[]> {
      return db
        .select()
        .from(analysisItems)
        .where(eq(analysisItems.userId, userId))
        .orderBy(asc(analysisItems.occurredAt));
    },

    async countItems(userId: string): Promise<number> {
      return db.$count(analysisItems, eq(analysisItems.userId, userId));
    },

    /** Journal entries with a recorded mood: what the personal model learns from. */
    async moodSamples(userId: string) {
      return db
        .select({ mood: analysisItems.mood, terms: analysisItems.terms })
        .from(analysisItems)
        .where(
          and(
            eq(analysisItems.userId, userId),
            eq(analysisItems.sourceKind, 'journal'),
            isNotNull(analysisItems.mood),
          ),
        );
    },

    async countEstimated(userId: string): Promise<number> {
      return db.$count(
        analysisItems,
        and(eq(analysisItems.userId, userId), isNotNull(analysisItems.estimatedMood)),
      );
    },
  };
}

export type AnalysedItemsRepository = ReturnType<typeof createAnalysedItemsRepository>;
