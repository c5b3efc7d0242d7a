import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { CareAccessWhat, CareScope, ConsentChange } from '@kaleido/shared/care/care.schemas';
import { rowsOf, type Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import { users } from '../../db/schema/auth';
import {
  careAccessLog,
  careAlerts,
  careConsentLog,
  careConsents,
  careNotes,
  careRelationships,
} from '../../db/schema/care';

import { createCareAlertsRepository } from './care-alerts.repository';
import { createCareSharedReads } from './care-shared.repository';
import { hiddenFromInviter, notAboutHiddenInvitation } from './invitation-visibility';

export type { AlertRow, NewAlert } from './care-alerts.repository';
export type { Period } from './care-shared.repository';
export type CareRepository = ReturnType<typeof createCareRepository>;
export type RelationshipRow = typeof careRelationships.$inferSelect;
export type ConsentRow = typeof careConsents.$inferSelect;

/**
 * The only SQL of the care module: relationships, consent, the logs and notes here; what a person
 * shares (care-shared.repository.ts) and professionals' alerts (care-alerts.repository.ts) beside.
 */
export function createCareRepository(db: Db) {
  return {
    ...createCareSharedReads(db),
    ...createCareAlertsRepository(db),
    async userByEmail(email: string) {
      const rows = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return rows[0] ?? null;
    },

    async usersByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, ids));
    },

    async relationship(id: string): Promise<RelationshipRow | null> {
      const rows = await db.select().from(careRelationships).where(eq(careRelationships.id, id));
      return rows[0] ?? null;
    },

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

    /** The pending or active relationship of a pair, if any. */
    async openBetween(professionalId: string, personId: string): Promise<RelationshipRow | null> {
      const rows = await db
        .select()
        .from(careRelationships)
        .where(
          and(
            eq(careRelationships.professionalId, professionalId),
            eq(careRelationships.personId, personId),
            inArray(careRelationships.status, ['pending', 'active']),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** The user's relationships, either side, but not their own invitations still unanswered. */
    async relationshipsOf(userId: string): Promise<RelationshipRow[]> {
      return db
        .select()
        .from(careRelationships)
        .where(
          and(
            or(
              eq(careRelationships.professionalId, userId),
              eq(careRelationships.personId, userId),
            ),
            sql`not ${hiddenFromInviter(userId)}`,
          ),
        )
        .orderBy(desc(careRelationships.createdAt));
    },

    async activeOfPerson(personId: string): Promise<RelationshipRow[]> {
      return db
        .select()
        .from(careRelationships)
        .where(
          and(eq(careRelationships.personId, personId), eq(careRelationships.status, 'active')),
        );
    },

    async activeOfProfessional(professionalId: string): Promise<RelationshipRow[]> {
      return db
        .select()
        .from(careRelationships)
        .where(
          and(
            eq(careRelationships.professionalId, professionalId),
            eq(careRelationships.status, 'active'),
          ),
        )
        .orderBy(careRelationships.respondedAt);
    },

    /** Creates a pending relationship; null when the pair already has an open one. */
    async invite(values: {
      professionalId: string;
      personId: string;
      initiatedBy: 'professional' | 'person';
      now: Date;
    }): Promise<RelationshipRow | null> {
      const rows = await db
        .insert(careRelationships)
        .values({ ...values, status: 'pending', createdAt: values.now })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },

    async setStatus(id: string, status: 'active' | 'declined' | 'ended', now: Date) {
      await db
        .update(careRelationships)
        .set(status === 'ended' ? { status, endedAt: now } : { status, respondedAt: now })
        .where(eq(careRelationships.id, id));
    },

    async consentsOf(relationshipIds: string[]): Promise<ConsentRow[]> {
      if (relationshipIds.length === 0) return [];
      return db
        .select()
        .from(careConsents)
        .where(inArray(careConsents.relationshipId, relationshipIds));
    },

    async consent(relationshipId: string, scope: CareScope): Promise<ConsentRow | null> {
      const rows = await db
        .select()
        .from(careConsents)
        .where(and(eq(careConsents.relationshipId, relationshipId), eq(careConsents.scope, scope)));
      return rows[0] ?? null;
    },

    async grant(relationshipId: string, scope: CareScope, expiresAt: Date | null, now: Date) {
      await db
        .insert(careConsents)
        .values({ relationshipId, scope, grantedAt: now, expiresAt, revokedAt: null })
        .onConflictDoUpdate({
          target: [careConsents.relationshipId, careConsents.scope],
          set: { grantedAt: now, expiresAt, revokedAt: null },
        });
    },

    async revoke(relationshipId: string, scope: CareScope, now: Date) {
      await db
        .update(careConsents)
        .set({ revokedAt: now })
        .where(and(eq(careConsents.relationshipId, relationshipId), eq(careConsents.scope, scope)));
    },

    async revokeAll(relationshipId: string, now: Date) {
      await db
        .update(careConsents)
        .set({ revokedAt: now })
        .where(eq(careConsents.relationshipId, relationshipId));
    },

    async logChange(values: {
      relationship: RelationshipRow;
      actorId: string;
      scope: CareScope | null;
      action: ConsentChange['action'];
      expiresAt: Date | null;
      now: Date;
    }) {
      await db.insert(careConsentLog).values({
        relationshipId: values.relationship.id,
        personId: values.relationship.personId,
        professionalId: values.relationship.professionalId,
        professionalName: nameOf(values.relationship.professionalId),
        actorId: values.actorId,
        scope: values.scope,
        action: values.action,
        expiresAt: values.expiresAt,
        at: values.now,
      });
    },

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

    /**
     * A read, in the person's log. An identical read (same professional, kind and item count)
     * in the same clock hour adds to that hour's row instead: the log stays readable when a page
     * refetches, and the count still says how often.
     */
    async logAccess(values: {
      personId: string;
      professionalId: string;
      what: CareAccessWhat;
      itemCount: number;
      now: Date;
    }) {
      await db
        .insert(careAccessLog)
        .values({
          personId: values.personId,
          professionalId: values.professionalId,
          professionalName: nameOf(values.professionalId),
          what: values.what,
          itemCount: values.itemCount,
          at: values.now,
          lastAt: values.now,
        })
        .onConflictDoUpdate({
          target: [
            careAccessLog.personId,
            careAccessLog.professionalId,
            careAccessLog.what,
            careAccessLog.itemCount,
            careAccessLog.readHour,
          ],
          set: {
            readCount: sql`${careAccessLog.readCount} + 1`,
            lastAt: sql`greatest(${careAccessLog.lastAt}, excluded.last_at)`,
          },
        });
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

    async notes(professionalId: string, personId: string) {
      return db
        .select()
        .from(careNotes)
        .where(and(eq(careNotes.professionalId, professionalId), eq(careNotes.personId, personId)))
        .orderBy(desc(careNotes.createdAt));
    },

    async addNote(professionalId: string, personId: string, content: string, now: Date) {
      const rows = await db
        .insert(careNotes)
        .values({ professionalId, personId, content, createdAt: now, updatedAt: now })
        .returning();
      const [row] = rows;
      if (!row) throw new Error('note not written');
      return row;
    },

    async note(id: string) {
      const rows = await db.select().from(careNotes).where(eq(careNotes.id, id));
      return rows[0] ?? null;
    },

    async updateNote(id: string, content: string, now: Date) {
      const rows = await db
        .update(careNotes)
        .set({ content, updatedAt: now })
        .where(eq(careNotes.id, id))
        .returning();
      const [row] = rows;
      if (!row) throw new Error('note not written');
      return row;
    },

    async deleteNote(id: string) {
      await db.delete(careNotes).where(eq(careNotes.id, id));
    },

    // Export and deletion (the account-data contributor).
    async exportOf(userId: string) {
      const relationships = await this.relationshipsOf(userId);
      const consents = await this.consentsOf(relationships.map((r) => r.id));
      // The changes and reads of the professional's side stay in the people's logs after the
      // professional deletes their data or account; the professional's export shows them too.
      const changes = await db
        .select()
        .from(careConsentLog)
        .where(
          and(
            or(eq(careConsentLog.personId, userId), eq(careConsentLog.professionalId, userId)),
            notAboutHiddenInvitation(careConsentLog.relationshipId, userId),
          ),
        )
        .orderBy(careConsentLog.at);
      const accessToMyData = await db
        .select()
        .from(careAccessLog)
        .where(eq(careAccessLog.personId, userId))
        .orderBy(careAccessLog.at);
      const myReads = await db
        .select()
        .from(careAccessLog)
        .where(eq(careAccessLog.professionalId, userId))
        .orderBy(careAccessLog.at);
      const notes = await db
        .select()
        .from(careNotes)
        .where(eq(careNotes.professionalId, userId))
        .orderBy(careNotes.createdAt);
      const alerts = await db
        .select()
        .from(careAlerts)
        .where(eq(careAlerts.professionalId, userId))
        .orderBy(careAlerts.createdAt);
      return { relationships, consents, changes, accessToMyData, myReads, notes, alerts };
    },

    /**
     * Everything the user holds here: relationships (either side; consents go with them), their
     * notes, alerts to or about them, and the logs of their own data. The logs of what they did
     * as a professional are the people's records (DESIGN §10) and stay.
     */
    async deleteDataOf(userId: string) {
      await db
        .delete(careRelationships)
        .where(
          or(eq(careRelationships.professionalId, userId), eq(careRelationships.personId, userId)),
        );
      await db.delete(careConsentLog).where(eq(careConsentLog.personId, userId));
      await db.delete(careAccessLog).where(eq(careAccessLog.personId, userId));
      await db
        .delete(careNotes)
        .where(or(eq(careNotes.professionalId, userId), eq(careNotes.personId, userId)));
      await db
        .delete(careAlerts)
        .where(or(eq(careAlerts.professionalId, userId), eq(careAlerts.personId, userId)));
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

/** The professional's current name, read as the row is written: the log's snapshot. */
function nameOf(professionalId: string) {
  return sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${professionalId}), '')`;
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
