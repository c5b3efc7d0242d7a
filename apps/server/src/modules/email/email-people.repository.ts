import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/accounts';
import type { PersonRow } from './email-rows';

/** The accounts behind mail: addresses resolved to people, people shown by name. */
export function createMailPeopleRepository(db: Db) {
  return {
    /** Active accounts by address (any case). */
    async accountsByEmail(emails: string[]): Promise<PersonRow[]> {
      if (emails.length === 0) return [];
      const lower = emails.map((e) => e.toLowerCase());
      return db
        .select({ userId: profiles.userId, fullName: profiles.fullName, email: profiles.email })
        .from(profiles)
        .where(inArray(sql`lower(${profiles.email})`, lower));
    },

    async people(userIds: string[]): Promise<PersonRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select({ userId: profiles.userId, fullName: profiles.fullName, email: profiles.email })
        .from(profiles)
        .where(inArray(profiles.userId, userIds));
    },
  };
}
