import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { CareAccessWhat } from '@kaleido/shared/care/care-records.schemas';
import { rowsOf, type Db } from '../../db/client';
import { careAccessLog, careConsentLog } from '../../db/schema/care';
import { notAboutHiddenInvitation } from './invitation-visibility';

export type CareRecordsRepository = ReturnType<typeof createCareRecordsRepository>;

/**
 * The person's records (decision 040): the consent history and the access log. Rows are written by
 * the reads and changes themselves (care-logging.repository.ts), keep a snapshot of the
 * professional's name, and are read only by the person, a cursor page at a time.
 */
export function createCareRecordsRepository(db: Db) {
  return {
    /** One page of the person's consent history, newest first (`after`: the last row seen). */
    async changesOf(personId: string, filters: LogFilters, after: string | undefined) {
      const t = careConsentLog;
      return db
        .select()
        .from(t)
        .where(
          and(
            eq(t.personId, personId),
            notAboutHiddenInvitation(t.relationshipId, personId),
            ...filterConditions(t, filters),
            after
              ? sql`(${t.at}, ${t.id}) < (select at, id from care_consent_log where id = ${after})`
              : undefined,
          ),
        )
        .orderBy(desc(t.at), desc(t.id))
        .limit(filters.limit);
    },

    /** One page of the person's access log, newest first (`after`: the last row seen). */
    async accessOf(
      personId: string,
      filters: LogFilters & { what?: CareAccessWhat },
      after: string | undefined,
    ) {
      const t = careAccessLog;
      return db
        .select({
          id: t.id,
          professionalId: t.professionalId,
          professionalName: t.professionalName,
          what: t.what,
          itemCount: t.itemCount,
          at: t.at,
          lastAt: t.lastAt,
          readCount: t.readCount,
        })
        .from(t)
        .where(
          and(
            eq(t.personId, personId),
            ...filterConditions(t, filters),
            filters.what ? eq(t.what, filters.what) : undefined,
            after
              ? sql`(${t.at}, ${t.id}) < (select at, id from care_access_log where id = ${after})`
              : undefined,
          ),
        )
        .orderBy(desc(t.at), desc(t.id))
        .limit(filters.limit);
    },

    /** Whether `id` is a row of this person's log: a page cursor must be one. */
    async isLogRow(log: 'access' | 'consent', personId: string, id: string) {
      const t = log === 'access' ? careAccessLog : careConsentLog;
      const rows = await db
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.id, id), eq(t.personId, personId)));
      return rows.length > 0;
    },

    /**
     * Everyone who appears in one of the person's logs, for its filter: a professional's account
     * once (under the newest name the log holds), a deleted one once per name it kept.
     */
    async professionalsIn(log: 'access' | 'consent', personId: string) {
      const table = sql.raw(log === 'access' ? 'care_access_log' : 'care_consent_log');
      const result = await db.execute(sql`
        select professional_id as id,
               (array_agg(professional_name order by at desc))[1] as name
          from ${table}
         where person_id = ${personId}
           and ${log === 'consent' ? notAboutHiddenInvitation(sql.raw('care_consent_log.relationship_id'), personId) : sql`true`}
         group by professional_id,
                  case when professional_id is null then professional_name end
         order by 2, 1`);
      return rowsOf<{ id: string | null; name: string }>(result);
    },
  };
}

export interface LogFilters {
  professionalId?: string;
  formerProfessional?: string;
  from?: string;
  to?: string;
  limit: number;
}

function filterConditions(t: typeof careAccessLog | typeof careConsentLog, filters: LogFilters) {
  return [
    filters.professionalId ? eq(t.professionalId, filters.professionalId) : undefined,
    filters.formerProfessional
      ? and(isNull(t.professionalId), eq(t.professionalName, filters.formerProfessional))
      : undefined,
    filters.from ? gte(t.at, new Date(filters.from)) : undefined,
    filters.to ? lt(t.at, new Date(filters.to)) : undefined,
  ];
}
