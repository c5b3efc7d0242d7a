import { sql } from 'drizzle-orm';
import type { Cohort } from '@kaleido/shared/admin/admin.schemas';
import { rowsOf, type Db } from '../../db/client';
import type { ResearchItem } from './research-anonymity';

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
  };
}
