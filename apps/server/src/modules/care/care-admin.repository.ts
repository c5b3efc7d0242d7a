import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import type { RelationshipRow } from './care-relationships.repository';

export type CareAdminRepository = ReturnType<typeof createCareAdminRepository>;

/** The admin console's query over every relationship (never what is shared). */
export function createCareAdminRepository(db: Db) {
  return {
    /** Every relationship for the admin console, newest first, with both sides' names. */
    async all(query: { q?: string; status?: string; limit: number; offset: number }) {
      const conditions = [sql`true`];
      if (query.status) conditions.push(sql`r.status = ${query.status}`);
      if (query.q) {
        const like = likeContaining(query.q);
        conditions.push(
          sql`(pro.email ilike ${like} or pro.name ilike ${like} or per.email ilike ${like} or per.name ilike ${like})`,
        );
      }
      const result = await db.execute(sql`
        select r.id, r.status, r.initiated_by, r.created_at, r.responded_at, r.ended_at,
               pro.id as pro_id, pro.name as pro_name, pro.email as pro_email,
               per.id as per_id, per.name as per_name, per.email as per_email,
               count(*) over () as total
          from care_relationships r
          join users pro on pro.id = r.professional_id
          join users per on per.id = r.person_id
         where ${sql.join(conditions, sql` and `)}
         order by r.created_at desc, r.id
         limit ${query.limit} offset ${query.offset}`);
      return rowsOf<{
        id: string;
        status: RelationshipRow['status'];
        initiated_by: RelationshipRow['initiatedBy'];
        created_at: Date | string;
        responded_at: Date | string | null;
        ended_at: Date | string | null;
        pro_id: string;
        pro_name: string;
        pro_email: string;
        per_id: string;
        per_name: string;
        per_email: string;
        total: number | string;
      }>(result);
    },
  };
}
