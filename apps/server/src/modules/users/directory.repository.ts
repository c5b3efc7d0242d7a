import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import { profiles } from '../../db/schema/accounts';
import { accountFlags } from '../../db/schema/admin';
import { calls } from '../../db/schema/calls';
import { careRelationships } from '../../db/schema/care';
import { conversations } from '../../db/schema/chat';
import { mailMessages, mailRecipients } from '../../db/schema/mailbox';

export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;

/**
 * `other` is someone `me` already knows: they share a conversation, an active working
 * relationship, or `other` invited, wrote to or rang `me` (so a missed call can be returned). Only what the other person
 * did counts one way: writing to or inviting an address must not make its owner appear, or the
 * picker would tell whether the address has an account (docs/decisions/045-who-can-find-whom.md).
 */
function knownTo(me: string, other: SQL | typeof profiles.userId): SQL {
  return sql`(
    exists (select 1 from ${conversations} c
      where (c.participant_one_id = ${me} and c.participant_two_id = ${other})
         or (c.participant_two_id = ${me} and c.participant_one_id = ${other}))
    or exists (select 1 from ${careRelationships} r
      where ((r.professional_id = ${me} and r.person_id = ${other})
          or (r.person_id = ${me} and r.professional_id = ${other}))
        and (r.status = 'active'
          or (r.status = 'pending' and r.initiated_by =
                case when r.person_id = ${me} then 'professional' else 'person' end)))
    or exists (select 1 from ${mailRecipients} mr
      join ${mailMessages} m on m.id = mr.message_id
      where mr.user_id = ${me} and m.sender_id = ${other} and m.sent_at is not null)
    or exists (select 1 from ${calls} k where k.callee_id = ${me} and k.caller_id = ${other})
  )`;
}

/** Not disabled by an administrator: a disabled account is found by no one. */
const notDisabled = sql`not exists (select 1 from ${accountFlags} f
  where f.user_id = ${profiles.userId} and f.disabled_at is not null)`;

export function createDirectoryRepository(db: Db) {
  return {
    /**
     * Profiles whose name or email contains `text` (any case) that `userId` may find: people they
     * know, people who chose to be findable, or everyone when the instance opened its directory.
     */
    async search(text: string, userId: string, limit: number, open: boolean) {
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
            ne(profiles.userId, userId),
            or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern)),
            notDisabled,
            open ? undefined : or(eq(profiles.findable, true), knownTo(userId, profiles.userId)),
          ),
        )
        .orderBy(asc(profiles.fullName), asc(profiles.email))
        .limit(limit);
    },

    /** Whether `userId` may reach `otherId` (ring, start a conversation, send a voice note). */
    async mayReach(userId: string, otherId: string, open: boolean): Promise<boolean> {
      const rows = await db
        .select({ id: profiles.userId })
        .from(profiles)
        .where(
          and(
            eq(profiles.userId, otherId),
            notDisabled,
            open ? undefined : or(eq(profiles.findable, true), knownTo(userId, profiles.userId)),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Of the accounts using `emails`, those `viewerId` may know by name (themselves included).
     * Mail shows every other address as typed, so a name never tells that an address has an
     * account the viewer could not have found.
     */
    async namedFor(viewerId: string, emails: string[], open: boolean) {
      if (emails.length === 0) return [];
      return db
        .select({ userId: profiles.userId, fullName: profiles.fullName, email: profiles.email })
        .from(profiles)
        .where(
          and(
            inArray(
              sql`lower(${profiles.email})`,
              emails.map((e) => e.toLowerCase()),
            ),
            notDisabled,
            open
              ? undefined
              : or(
                  eq(profiles.userId, viewerId),
                  eq(profiles.findable, true),
                  knownTo(viewerId, profiles.userId),
                ),
          ),
        );
    },

    async findable(userId: string): Promise<boolean> {
      const rows = await db
        .select({ findable: profiles.findable })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      return rows[0]?.findable ?? false;
    },

    async setFindable(userId: string, findable: boolean, at: Date): Promise<void> {
      await db.update(profiles).set({ findable, updatedAt: at }).where(eq(profiles.userId, userId));
    },
  };
}
