import { and, asc, ilike, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import { profiles } from '../../db/schema/accounts';

export type UsersRepository = ReturnType<typeof createUsersRepository>;

export function createUsersRepository(db: Db) {
  return {
    /** Profiles whose name or email contains `text` (any case), other than `exceptUserId`'s. */
    async search(text: string, exceptUserId: string, limit: number) {
      // LIKE's wildcards in what the person typed match themselves.
      const pattern = likeContaining(text);
      return db
        .select({
          id: profiles.id,
          user_id: profiles.userId,
          full_name: profiles.fullName,
          email: profiles.email,
        })
        .from(profiles)
        .where(
          and(
            ne(profiles.userId, exceptUserId),
            or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern)),
          ),
        )
        .orderBy(asc(profiles.fullName), asc(profiles.email))
        .limit(limit);
    },
  };
}
