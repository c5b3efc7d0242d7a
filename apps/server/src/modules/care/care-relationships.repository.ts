import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { careRelationships } from '../../db/schema/care';
import { hiddenFromInviter } from './invitation-visibility';

export type CareRelationshipsRepository = ReturnType<typeof createCareRelationshipsRepository>;
export type RelationshipRow = typeof careRelationships.$inferSelect;

/** Relationships between professionals and people, and the accounts on either side. */
export function createCareRelationshipsRepository(db: Db) {
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
  };
}
