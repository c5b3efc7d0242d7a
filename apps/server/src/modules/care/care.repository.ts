import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { CareScope } from '@kaleido/shared/care/care.schemas';
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
import { createCareRecordsRepository } from './care-records.repository';
import { createCareSharedReads } from './care-shared.repository';
import { hiddenFromInviter, notAboutHiddenInvitation } from './invitation-visibility';

export type { AlertRow, NewAlert } from './care-alerts.repository';
export type { LogFilters } from './care-records.repository';
export type { Period } from './care-shared.repository';
export type CareRepository = ReturnType<typeof createCareRepository>;
export type RelationshipRow = typeof careRelationships.$inferSelect;
export type ConsentRow = typeof careConsents.$inferSelect;

/**
 * The only SQL of the care module: relationships, consent and notes here; what a person shares
 * (care-shared.repository.ts), professionals' alerts (care-alerts.repository.ts) and the person's
 * records (care-records.repository.ts) beside.
 */
export function createCareRepository(db: Db) {
  return {
    ...createCareSharedReads(db),
    ...createCareAlertsRepository(db),
    ...createCareRecordsRepository(db),
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
