import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Emotion, SourceKind } from '@kaleido/shared/insights/insights.constants';
import type { Db } from '../../db/client';
import { analysisItems } from '../../db/schema/analysis';
import { refsByKind, sourceRef, type SourceRef } from '../content/provenance';

/** What another module (care) may ask of a person's analysis; the SQL stays here. */
export type AnalysisSharedReads = ReturnType<typeof createAnalysisSharedReads>;

/**
 * What analysis offers another reader of a person's items: the values derived from each item
 * (never its text). Whether a reader may have them is that reader's policy (care's grants); the
 * cards they may see are cards-for-reader.ts.
 */
export function createAnalysisSharedReads(db: Db) {
  return {
    /**
     * What analysis derived from the person's items of these kinds since `from` (and before
     * `to`), newest first: values, never text.
     */
    async analysedSince(personId: string, kinds: readonly SourceKind[], from: Date, to?: Date) {
      return db
        .select({
          sourceKind: analysisItems.sourceKind,
          sourceId: analysisItems.sourceId,
          occurredAt: analysisItems.occurredAt,
          valence: analysisItems.valence,
          mood: analysisItems.mood,
          emotions: sql<
            Partial<Record<Emotion, { score: number }>>
          >`${analysisItems.result}->'emotions'`,
        })
        .from(analysisItems)
        .where(
          and(
            eq(analysisItems.userId, personId),
            inArray(analysisItems.sourceKind, [...kinds]),
            sql`${analysisItems.occurredAt} > ${from.toISOString()}`,
            to ? lt(analysisItems.occurredAt, to) : undefined,
          ),
        )
        .orderBy(desc(analysisItems.occurredAt));
    },

    /** Which of these items of the person have an analysis now (figures to read). */
    async analysedRefs(personId: string, refs: readonly SourceRef[]): Promise<Set<SourceRef>> {
      const byKind = refsByKind(refs);
      if (byKind.size === 0) return new Set();
      const rows = await db
        .select({ kind: analysisItems.sourceKind, id: analysisItems.sourceId })
        .from(analysisItems)
        .where(
          and(
            eq(analysisItems.userId, personId),
            or(
              ...[...byKind].map(([kind, ids]) =>
                and(eq(analysisItems.sourceKind, kind), inArray(analysisItems.sourceId, ids)),
              ),
            ),
          ),
        );
      return new Set(rows.map((r) => sourceRef(r.kind, r.id)));
    },
  };
}
