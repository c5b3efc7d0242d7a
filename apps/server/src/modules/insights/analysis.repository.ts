import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { SourceKind } from '@kaleido/shared/insights/insights.constants';
import type { Db } from '../../db/client';
import {
  analysisDays,
  analysisDisputes,
  analysisItems,
  analysisModels,
  analysisReflections,
  analysisRollups,
  analysisSettings,
  personalityResults,
} from '../../db/schema/analysis';

export type AnalysisItemRow = typeof analysisItems.$inferSelect;
// What cards read: everything but the model's terms and the hash.
const { terms: _terms, contentHash: _hash, ...itemColumns } = getTableColumns(analysisItems);
export const insightItemColumns = itemColumns;
export type InsightItemRow = Omit<AnalysisItemRow, 'terms' | 'contentHash'>;
export type NewAnalysisItem = Omit<typeof analysisItems.$inferInsert, 'id'>;
export type DisputeRow = typeof analysisDisputes.$inferSelect;

/**
 * The SQL of analysis: per-item results, the on/off choice, disputes, the mood model, written
 * reflections (daily rollups: rollups.repository.ts).
 */
export function createAnalysisRepository(db: Db) {
  const ofItem = (userId: string, kind: SourceKind, sourceId: string) =>
    and(
      eq(analysisItems.userId, userId),
      eq(analysisItems.sourceKind, kind),
      eq(analysisItems.sourceId, sourceId),
    );

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

    async deleteSettings(userId: string) {
      await db.delete(analysisSettings).where(eq(analysisSettings.userId, userId));
    },

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

export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
