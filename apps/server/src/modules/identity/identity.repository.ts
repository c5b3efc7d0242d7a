import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Role } from '@kaleido/shared/roles/roles';
import type { Db } from '../../db/client';
import { profiles, userRoles } from '../../db/schema/accounts';
import { users, verifications } from '../../db/schema/auth';

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;

export function createIdentityRepository(db: Db) {
  return {
    /** The spec's lookup: first role by name ascending, one row. */
    async firstRole(userId: string): Promise<Role | null> {
      const rows = await db
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(eq(userRoles.userId, userId))
        // By name, not enum position (user, client, admin): the spec reads the first by name.
        .orderBy(asc(sql`${userRoles.role}::text`))
        .limit(1);
      return rows[0]?.role ?? null;
    },

    /** One role per account: replaces whatever roles it had. */
    async setRole(userId: string, role: Role): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(userRoles).where(eq(userRoles.userId, userId));
        await tx.insert(userRoles).values({ userId, role });
      });
    },

    async findProfile(userId: string) {
      const rows = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
      return rows[0] ?? null;
    },

    async createProfile(row: {
      userId: string;
      fullName: string;
      email: string;
      passwordChangeRequired?: boolean;
    }) {
      await db.insert(profiles).values(row).onConflictDoNothing({ target: profiles.userId });
    },

    /** The person chose their own password: an administrator's temporary one no longer binds. */
    async clearPasswordChangeRequired(userId: string) {
      await db
        .update(profiles)
        .set({ passwordChangeRequired: false, updatedAt: new Date() })
        .where(and(eq(profiles.userId, userId), eq(profiles.passwordChangeRequired, true)));
    },

    async setSelectedInterface(userId: string, selectedInterface: Role) {
      const rows = await db
        .update(profiles)
        .set({ selectedInterface, updatedAt: new Date() })
        .where(eq(profiles.userId, userId))
        .returning();
      return rows[0] ?? null;
    },

    async findUserByEmail(email: string) {
      const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return rows[0] ?? null;
    },

    async markEmailVerified(userId: string) {
      await db
        .update(users)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /** Whose password an unexpired reset token would reset (better-auth keeps it as a verification row). */
    async userIdForResetToken(token: string, now: Date): Promise<string | null> {
      const rows = await db
        .select({ userId: verifications.value })
        .from(verifications)
        .where(
          and(
            eq(verifications.identifier, `reset-password:${token}`),
            gt(verifications.expiresAt, now),
          ),
        )
        .limit(1);
      return rows[0]?.userId ?? null;
    },
  };
}
