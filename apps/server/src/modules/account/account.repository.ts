import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/accounts';
import { users } from '../../db/schema/auth';
import { files } from '../../db/schema/files';
import { deleteJobsOfUser } from '../../jobs/jobs.repository';

export type AccountRepository = ReturnType<typeof createAccountRepository>;

export function createAccountRepository(db: Db) {
  return {
    /** The account as the user knows it: sign-in identity and the spec's profiles row. */
    async findAccount(userId: string) {
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          emailVerified: users.emailVerified,
          twoFactorEnabled: users.twoFactorEnabled,
          createdAt: users.createdAt,
          fullName: profiles.fullName,
          selectedInterface: profiles.selectedInterface,
          findable: profiles.findable,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return rows[0] ?? null;
    },

    async filesOf(userId: string) {
      return db.select().from(files).where(eq(files.ownerId, userId)).orderBy(files.createdAt);
    },

    /** Background work for the person (its payload names them): it goes with their data. */
    deleteJobs: (userId: string) => deleteJobsOfUser(db, userId),

    /** Deletes the account; every table keyed to users cascades (sessions, profile, settings, …). */
    async deleteUser(userId: string) {
      await db.delete(users).where(eq(users.id, userId));
    },
  };
}
