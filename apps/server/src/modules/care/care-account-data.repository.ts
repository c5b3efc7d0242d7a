import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  careAccessLog,
  careAlerts,
  careConsentLog,
  careNotes,
  careRelationships,
} from '../../db/schema/care';
import { notAboutHiddenInvitation } from './invitation-visibility';

export type CareAccountDataRepository = ReturnType<typeof createCareAccountDataRepository>;

/**
 * Export and deletion of a user's care data (the account-data contributor): the logs, notes and
 * alerts here; their relationships and consents come from those tables' repositories.
 */
export function createCareAccountDataRepository(db: Db) {
  return {
    /** The export's rows beside relationships and consents: logs, notes, alerts. */
    async exportOf(userId: string) {
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
      return { changes, accessToMyData, myReads, notes, alerts };
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
