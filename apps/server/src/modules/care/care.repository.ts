import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type {
  CareAccessWhat,
  CareAlertStatus,
  CareScope,
  ConsentChange,
} from '@kaleido/shared/care/care.schemas';
import type { Emotion } from '@kaleido/shared/insights/insights.constants';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { analysisItems } from '../../db/schema/analysis';
import {
  careAccessLog,
  careAlerts,
  careConsentLog,
  careConsents,
  careNotes,
  careRelationships,
} from '../../db/schema/care';
import { journalEntries } from '../../db/schema/journal';
import { voiceNotes } from '../../db/schema/speech';

export type CareRepository = ReturnType<typeof createCareRepository>;
/** A period [from, to) for reports; absent, everything (up to the limit). */
export interface Period {
  from: Date;
  to: Date;
}
export type RelationshipRow = typeof careRelationships.$inferSelect;
export type ConsentRow = typeof careConsents.$inferSelect;
export type AlertRow = typeof careAlerts.$inferSelect;
export type NewAlert = Omit<typeof careAlerts.$inferInsert, 'id' | 'status' | 'answeredAt'>;

/** The only SQL of the care module: relationships, consent, the logs, notes and shared reads. */
export function createCareRepository(db: Db) {
  return {
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

    async relationshipsOf(userId: string): Promise<RelationshipRow[]> {
      return db
        .select()
        .from(careRelationships)
        .where(
          or(eq(careRelationships.professionalId, userId), eq(careRelationships.personId, userId)),
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
        actorId: values.actorId,
        scope: values.scope,
        action: values.action,
        expiresAt: values.expiresAt,
        at: values.now,
      });
    },

    async changesOf(personId: string) {
      return db
        .select()
        .from(careConsentLog)
        .where(eq(careConsentLog.personId, personId))
        .orderBy(desc(careConsentLog.at))
        .limit(200);
    },

    async logAccess(values: {
      personId: string;
      professionalId: string;
      what: CareAccessWhat;
      itemCount: number;
      now: Date;
    }) {
      await db.insert(careAccessLog).values({
        personId: values.personId,
        professionalId: values.professionalId,
        what: values.what,
        itemCount: values.itemCount,
        at: values.now,
      });
    },

    async accessOf(personId: string, limit = 200) {
      return db
        .select({
          id: careAccessLog.id,
          professionalId: careAccessLog.professionalId,
          professionalName: users.name,
          what: careAccessLog.what,
          itemCount: careAccessLog.itemCount,
          at: careAccessLog.at,
        })
        .from(careAccessLog)
        .innerJoin(users, eq(users.id, careAccessLog.professionalId))
        .where(eq(careAccessLog.personId, personId))
        .orderBy(desc(careAccessLog.at))
        .limit(limit);
    },

    /** The person's moods, newest first (only the mood and the date: never the text). */
    async moods(personId: string, limit: number, period?: Period) {
      return db
        .select({ mood: journalEntries.mood, createdAt: journalEntries.createdAt })
        .from(journalEntries)
        .where(
          and(
            eq(journalEntries.userId, personId),
            period ? gte(journalEntries.createdAt, period.from) : undefined,
            period ? lt(journalEntries.createdAt, period.to) : undefined,
          ),
        )
        .orderBy(desc(journalEntries.createdAt))
        .limit(limit);
    },

    /** Entries the person marked "Shared with clients", newest first. */
    async sharedEntries(personId: string, limit: number, period?: Period) {
      return db
        .select({
          id: journalEntries.id,
          title: journalEntries.title,
          content: journalEntries.content,
          mood: journalEntries.mood,
          privacyLevel: journalEntries.privacyLevel,
          createdAt: journalEntries.createdAt,
        })
        .from(journalEntries)
        .where(
          and(
            eq(journalEntries.userId, personId),
            eq(journalEntries.privacyLevel, 'shared_with_clients'),
            period ? gte(journalEntries.createdAt, period.from) : undefined,
            period ? lt(journalEntries.createdAt, period.to) : undefined,
          ),
        )
        .orderBy(desc(journalEntries.createdAt))
        .limit(limit);
    },

    async transcripts(personId: string, limit: number, period?: Period) {
      return db
        .select({
          id: voiceNotes.id,
          title: voiceNotes.title,
          transcript: voiceNotes.transcript,
          createdAt: voiceNotes.createdAt,
        })
        .from(voiceNotes)
        .where(
          and(
            eq(voiceNotes.ownerId, personId),
            eq(voiceNotes.transcriptStatus, 'done'),
            period ? gte(voiceNotes.createdAt, period.from) : undefined,
            period ? lt(voiceNotes.createdAt, period.to) : undefined,
          ),
        )
        .orderBy(desc(voiceNotes.createdAt))
        .limit(limit);
    },

    /**
     * What analysis derived from the person's journal entries and voice notes since `from`
     * (values, never text), with each entry's privacy level: the alert rules' input.
     */
    async analysedSince(personId: string, from: Date, to?: Date) {
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
          title: analysisItems.title,
          privacyLevel: journalEntries.privacyLevel,
        })
        .from(analysisItems)
        .leftJoin(
          journalEntries,
          and(
            eq(analysisItems.sourceKind, 'journal'),
            sql`${journalEntries.id}::text = ${analysisItems.sourceId}`,
          ),
        )
        .where(
          and(
            eq(analysisItems.userId, personId),
            inArray(analysisItems.sourceKind, ['journal', 'voice_note']),
            sql`${analysisItems.occurredAt} > ${from.toISOString()}`,
            to ? lt(analysisItems.occurredAt, to) : undefined,
          ),
        )
        .orderBy(desc(analysisItems.occurredAt));
    },

    /** A new alert; null when this trigger already raised one. */
    async insertAlert(values: NewAlert): Promise<AlertRow | null> {
      const rows = await db.insert(careAlerts).values(values).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    async hasOpenAlert(professionalId: string, personId: string, kind: AlertRow['kind']) {
      const rows = await db
        .select({ id: careAlerts.id })
        .from(careAlerts)
        .where(
          and(
            eq(careAlerts.professionalId, professionalId),
            eq(careAlerts.personId, personId),
            eq(careAlerts.kind, kind),
            eq(careAlerts.status, 'open'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** A professional's alerts about people they still work with, newest first. */
    async alertsOf(
      professionalId: string,
      filter: { personId?: string; statuses: CareAlertStatus[] },
    ) {
      return db
        .select({ alert: careAlerts, personName: users.name })
        .from(careAlerts)
        .innerJoin(careRelationships, eq(careRelationships.id, careAlerts.relationshipId))
        .innerJoin(users, eq(users.id, careAlerts.personId))
        .where(
          and(
            eq(careAlerts.professionalId, professionalId),
            eq(careRelationships.status, 'active'),
            inArray(careAlerts.status, filter.statuses),
            filter.personId ? eq(careAlerts.personId, filter.personId) : undefined,
          ),
        )
        .orderBy(desc(careAlerts.createdAt))
        .limit(200);
    },

    async alert(id: string): Promise<AlertRow | null> {
      const rows = await db.select().from(careAlerts).where(eq(careAlerts.id, id));
      return rows[0] ?? null;
    },

    async answerAlert(id: string, status: 'acknowledged' | 'dismissed', now: Date) {
      await db.update(careAlerts).set({ status, answeredAt: now }).where(eq(careAlerts.id, id));
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
      const changes = await db
        .select()
        .from(careConsentLog)
        .where(or(eq(careConsentLog.personId, userId), eq(careConsentLog.professionalId, userId)))
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

    /** Everything the user holds here, on either side; consents go with their relationships. */
    async deleteDataOf(userId: string) {
      await db
        .delete(careRelationships)
        .where(
          or(eq(careRelationships.professionalId, userId), eq(careRelationships.personId, userId)),
        );
      await db
        .delete(careConsentLog)
        .where(or(eq(careConsentLog.personId, userId), eq(careConsentLog.professionalId, userId)));
      await db
        .delete(careAccessLog)
        .where(or(eq(careAccessLog.personId, userId), eq(careAccessLog.professionalId, userId)));
      await db
        .delete(careNotes)
        .where(or(eq(careNotes.professionalId, userId), eq(careNotes.personId, userId)));
      await db
        .delete(careAlerts)
        .where(or(eq(careAlerts.professionalId, userId), eq(careAlerts.personId, userId)));
    },
  };
}
