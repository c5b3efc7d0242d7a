import { sql } from 'drizzle-orm';
import type { CareScope } from '@kaleido/shared/care/care.schemas';
import type { CareAccessWhat, ConsentChange } from '@kaleido/shared/care/care-records.schemas';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { careAccessLog, careConsentLog } from '../../db/schema/care';
import type { RelationshipRow } from './care-relationships.repository';

export type CareLogging = ReturnType<typeof createCareLogging>;

/**
 * The rows of the person's records (decision 040), written by the changes and reads themselves
 * with a snapshot of the professional's name; care-records.repository.ts reads them back.
 */
export function createCareLogging(db: Db) {
  return {
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
        professionalName: nameOf(values.relationship.professionalId),
        actorId: values.actorId,
        scope: values.scope,
        action: values.action,
        expiresAt: values.expiresAt,
        at: values.now,
      });
    },

    /**
     * A read, in the person's log. An identical read (same professional, kind and item count)
     * in the same clock hour adds to that hour's row instead: the log stays readable when a page
     * refetches, and the count still says how often.
     */
    async logAccess(values: {
      personId: string;
      professionalId: string;
      what: CareAccessWhat;
      itemCount: number;
      now: Date;
    }) {
      await db
        .insert(careAccessLog)
        .values({
          personId: values.personId,
          professionalId: values.professionalId,
          professionalName: nameOf(values.professionalId),
          what: values.what,
          itemCount: values.itemCount,
          at: values.now,
          lastAt: values.now,
        })
        .onConflictDoUpdate({
          target: [
            careAccessLog.personId,
            careAccessLog.professionalId,
            careAccessLog.what,
            careAccessLog.itemCount,
            careAccessLog.readHour,
          ],
          set: {
            readCount: sql`${careAccessLog.readCount} + 1`,
            lastAt: sql`greatest(${careAccessLog.lastAt}, excluded.last_at)`,
          },
        });
    },
  };
}

/** The professional's current name, read as the row is written: the log's snapshot. */
function nameOf(professionalId: string) {
  return sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${professionalId}), '')`;
}
