import { and, desc, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Cohort } from '@kaleido/shared/admin/admin.schemas';
import { rowsOf, type Db } from '../../db/client';
import { researchReleases } from '../../db/schema/admin';
import type { ResearchItem } from './research-anonymity';

/** What makes two releases the same: weeks and cohort (never the data, see research-ledger.ts). */
export interface ReleaseKey {
  fromWeek: string;
  toWeek: string;
  cohort: string;
}

export type ResearchRepository = ReturnType<typeof createResearchRepository>;

/** At most this many items in one aggregate or export. */
export const RESEARCH_MAX_ITEMS = 200_000;

/**
 * Research reads: analysed items (categories and times only, never text) of the people who
 * consent — research data sharing on in their privacy settings, and for administrators also
 * research consent in their admin profile — read at the moment of the query, so a withdrawal
 * takes effect at the next one.
 */
export function createResearchRepository(db: Db) {
  return {
    async consentingItems(range: {
      from: Date;
      to: Date;
      cohort: Cohort | 'all';
    }): Promise<ResearchItem[]> {
      const cohort = range.cohort === 'all' ? sql`true` : sql`f.cohort = ${range.cohort}`;
      const result = await db.execute(sql`
        select a.user_id, a.occurred_at, a.source_kind, a.mood, a.dominant_emotion
          from analysis_items a
          left join user_settings s on s.user_id = a.user_id
          left join user_profile p on p.user_id = a.user_id
          left join account_flags f on f.user_id = a.user_id
         where a.occurred_at >= ${range.from.toISOString()}
           and a.occurred_at < ${range.to.toISOString()}
           and coalesce((s.privacy_settings->>'data_sharing')::boolean, false)
           and (coalesce(p.research_consent, false)
                or not exists (select 1 from user_roles r
                                where r.user_id = a.user_id and r.role = 'admin'))
           and ${cohort}
         limit ${RESEARCH_MAX_ITEMS}`);
      return rowsOf<{
        user_id: string;
        occurred_at: Date | string;
        source_kind: string;
        mood: string | null;
        dominant_emotion: string | null;
      }>(result).map((r) => ({
        userId: r.user_id,
        occurredAt: new Date(r.occurred_at),
        source: r.source_kind,
        mood: r.mood,
        emotion: r.dominant_emotion,
      }));
    },

    /** The administrator's own dataset tag (admin profile), '' when unset. */
    async datasetTagOf(userId: string): Promise<string> {
      const result = await db.execute(
        sql`select dataset_tag from user_profile where user_id = ${userId}`,
      );
      return rowsOf<{ dataset_tag: string }>(result)[0]?.dataset_tag ?? '';
    },

    /** The latest finished release of exactly these weeks and cohort made since `since`. */
    async sameRelease(key: ReleaseKey, since: Date) {
      const [row] = await db
        .select()
        .from(researchReleases)
        .where(
          and(
            eq(researchReleases.fromWeek, key.fromWeek),
            eq(researchReleases.toWeek, key.toWeek),
            eq(researchReleases.cohort, key.cohort),
            gte(researchReleases.createdAt, since),
            isNotNull(researchReleases.result),
          ),
        )
        .orderBy(desc(researchReleases.createdAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * Takes ε for a release before it is computed. Claim first, then check: two concurrent
     * claims each see the other's row (or one already withdrawn), so a week is never overspent;
     * at worst both are refused.
     */
    async claim(key: ReleaseKey & { actorId: string; epsilon: number }): Promise<string> {
      const [row] = await db
        .insert(researchReleases)
        .values({ ...key, result: null })
        .returning({ id: researchReleases.id });
      if (!row) throw new Error('research release claim not written');
      return row.id;
    },

    async withdraw(id: string) {
      await db.delete(researchReleases).where(eq(researchReleases.id, id));
    },

    async complete(id: string, result: Record<string, unknown>) {
      await db.update(researchReleases).set({ result }).where(eq(researchReleases.id, id));
    },

    /** The releases an administrator made (their export): weeks, cohort, ε, when. */
    async releasesBy(actorId: string) {
      return db
        .select({
          fromWeek: researchReleases.fromWeek,
          toWeek: researchReleases.toWeek,
          cohort: researchReleases.cohort,
          epsilon: researchReleases.epsilon,
          createdAt: researchReleases.createdAt,
        })
        .from(researchReleases)
        .where(eq(researchReleases.actorId, actorId))
        .orderBy(desc(researchReleases.createdAt));
    },

    /** Every release (claims included) overlapping [fromWeek, toWeek). */
    async overlapping(fromWeek: string, toWeek: string) {
      return db
        .select({
          fromWeek: researchReleases.fromWeek,
          toWeek: researchReleases.toWeek,
          epsilon: researchReleases.epsilon,
        })
        .from(researchReleases)
        .where(and(lt(researchReleases.fromWeek, toWeek), gt(researchReleases.toWeek, fromWeek)));
    },
  };
}
