import { and, eq, inArray } from 'drizzle-orm';
import type { CareScope } from '@kaleido/shared/care/care.schemas';
import type { Db } from '../../db/client';
import { careConsents } from '../../db/schema/care';

export type CareConsentsRepository = ReturnType<typeof createCareConsentsRepository>;
export type ConsentRow = typeof careConsents.$inferSelect;

/** The consent a person gives a relationship, one row per scope (decision 023). */
export function createCareConsentsRepository(db: Db) {
  return {
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
  };
}
