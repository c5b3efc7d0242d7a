import { and, eq } from 'drizzle-orm';
import type { ProfileFieldId } from '@kaleido/shared/profile/profile-fields';
import type { ProfileValue } from '@kaleido/shared/profile/profile.schemas';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/accounts';
import { careRelationships } from '../../db/schema/care';
import { userProfile } from '../../db/schema/profile';

export type UserProfileRow = typeof userProfile.$inferSelect;
type Column = Exclude<keyof UserProfileRow, 'userId' | 'createdAt' | 'updatedAt'>;

/** display_name → displayName: the column property of each field. */
function columnOf(field: ProfileFieldId): Column {
  return field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) as Column;
}

export function valuesOf(row: UserProfileRow): Record<ProfileFieldId, ProfileValue> {
  const values: Partial<Record<ProfileFieldId, ProfileValue>> = {};
  for (const key of Object.keys(row) as (keyof UserProfileRow)[]) {
    if (key === 'userId' || key === 'createdAt' || key === 'updatedAt') continue;
    values[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as ProfileFieldId] = row[key];
  }
  return values as Record<ProfileFieldId, ProfileValue>;
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;

export function createProfileRepository(db: Db) {
  return {
    async find(userId: string): Promise<UserProfileRow | null> {
      const rows = await db.select().from(userProfile).where(eq(userProfile.userId, userId));
      return rows[0] ?? null;
    },

    /** Creates the row with defaults unless it exists (two tabs may load at once); returns it. */
    async ensure(userId: string, displayName: string): Promise<UserProfileRow> {
      await db
        .insert(userProfile)
        .values({ userId, displayName })
        .onConflictDoNothing({ target: userProfile.userId });
      const row = await this.find(userId);
      if (!row) throw new Error('user_profile row missing after insert');
      return row;
    },

    async setField(userId: string, field: ProfileFieldId, value: ProfileValue, at: Date) {
      const rows = await db
        .update(userProfile)
        .set({ [columnOf(field)]: value, updatedAt: at })
        .where(eq(userProfile.userId, userId))
        .returning();
      return rows[0] ?? null;
    },

    /** Back to every default: the row goes and is recreated on the next load. */
    async remove(userId: string) {
      await db.delete(userProfile).where(eq(userProfile.userId, userId));
    },

    /** The account's full name (from sign-up), the default display name; null if no account. */
    async fullNameOf(userId: string): Promise<string | null> {
      const rows = await db
        .select({ fullName: profiles.fullName })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      return rows[0]?.fullName ?? null;
    },

    /** An active working relationship (modules/care): the professional may see the profile. */
    async isAssigned(clientId: string, userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: careRelationships.id })
        .from(careRelationships)
        .where(
          and(
            eq(careRelationships.professionalId, clientId),
            eq(careRelationships.personId, userId),
            eq(careRelationships.status, 'active'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Tests: an accepted relationship without the invitation round trip (no consent given). */
    async assign(clientId: string, userId: string) {
      await db
        .insert(careRelationships)
        .values({
          professionalId: clientId,
          personId: userId,
          initiatedBy: 'professional',
          status: 'active',
          respondedAt: new Date(),
        })
        .onConflictDoNothing();
    },
  };
}
