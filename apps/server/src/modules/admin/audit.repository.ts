import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditListQuery } from '@kaleido/shared/admin/admin.schemas';
import { rowsOf, type Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import { auditLog } from '../../db/schema/admin';

export type AuditRepository = ReturnType<typeof createAuditRepository>;

interface Row {
  id: string;
  source: AuditEntry['source'];
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  target_user_id: string | null;
  target_email: string | null;
  details: Record<string, unknown> | null;
  created_at: Date | string;
  total: number | string;
}

/**
 * The audit view: admin actions (audit_log) and security events (consent_logs) in one list,
 * newest first, with professional access (care_access_log: who read what of whom, how many).
 */
export function createAuditRepository(db: Db) {
  return {
    async insert(row: {
      actorId: string | null;
      action: string;
      targetUserId: string | null;
      details: Record<string, unknown>;
      createdAt: Date;
    }): Promise<void> {
      await db.insert(auditLog).values(row);
    },

    async list(query: AuditListQuery): Promise<{ entries: AuditEntry[]; total: number }> {
      const conditions: SQL[] = [];
      if (query.source) conditions.push(sql`e.source = ${query.source}`);
      if (query.action) conditions.push(sql`e.action = ${query.action}`);
      if (query.userId)
        conditions.push(sql`(e.actor_id = ${query.userId} or e.target_user_id = ${query.userId})`);
      if (query.from) conditions.push(sql`e.created_at >= ${query.from}`);
      if (query.to) conditions.push(sql`e.created_at < ${query.to}`);
      if (query.q) {
        const like = likeContaining(query.q);
        conditions.push(
          sql`(e.action ilike ${like} or actor.email ilike ${like} or target.email ilike ${like})`,
        );
      }
      const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
      const result = await db.execute(sql`
        with e as (
          select a.id, 'admin'::text as source, a.action, a.actor_id, a.target_user_id,
                 a.details, a.created_at
            from audit_log a
          union all
          select c.id, 'security'::text, coalesce(c.metadata->>'event', 'unknown'), c.user_id,
                 c.user_id, c.metadata->'details', c.created_at
            from consent_logs c
           where c.consent_type = 'security_event'
          union all
          select l.id, 'professional'::text, 'care.read_' || l.what, l.professional_id,
                 l.person_id, jsonb_build_object('what', l.what, 'items', l.item_count, 'reads', l.read_count), l.at
            from care_access_log l
        )
        select e.id, e.source, e.action, e.actor_id, actor.email as actor_email,
               e.target_user_id, target.email as target_email, e.details, e.created_at,
               count(*) over () as total
          from e
          left join users actor on actor.id = e.actor_id
          left join users target on target.id = e.target_user_id
          ${where}
         order by e.created_at desc, e.id desc
         limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
      const rows = rowsOf<Row>(result);
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && query.page > 1) {
        // Past the last page: the total still answers how many there are.
        const count = await db.execute(sql`
          with e as (
            select a.action, a.actor_id, a.target_user_id, a.created_at, 'admin'::text as source
              from audit_log a
            union all
            select coalesce(c.metadata->>'event', 'unknown'), c.user_id, c.user_id, c.created_at,
                   'security'::text
              from consent_logs c where c.consent_type = 'security_event'
            union all
            select 'care.read_' || l.what, l.professional_id, l.person_id, l.at,
                   'professional'::text
              from care_access_log l
          )
          select count(*) as total from e
            left join users actor on actor.id = e.actor_id
            left join users target on target.id = e.target_user_id
            ${where}`);
        total = Number(rowsOf<{ total: number | string }>(count)[0]?.total ?? 0);
      }
      return {
        total,
        entries: rows.map((r) => ({
          id: r.id,
          source: r.source,
          action: r.action,
          actorId: r.actor_id,
          actorEmail: r.actor_email,
          targetUserId: r.target_user_id,
          targetEmail: r.target_email,
          details: r.details ?? {},
          createdAt: new Date(r.created_at).toISOString(),
        })),
      };
    },

    /** Rows of audit_log that name the person, for their export (what was done to their account). */
    async naming(userId: string) {
      const result = await db.execute(sql`
        select action, details, created_at, (actor_id = ${userId}) as by_them
          from audit_log where actor_id = ${userId} or target_user_id = ${userId}
         order by created_at`);
      return rowsOf<{
        action: string;
        details: Record<string, unknown>;
        created_at: Date | string;
        by_them: boolean;
      }>(result).map((r) => ({
        action: r.action,
        details: r.details,
        byThem: r.by_them,
        createdAt: new Date(r.created_at).toISOString(),
      }));
    },
  };
}
