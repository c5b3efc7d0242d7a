import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { careRelationships } from '../../db/schema/care';

/**
 * An invitation is its inviter's to see only once the other side accepted it
 * (docs/decisions/045-who-can-find-whom.md): until then a row in the inviter's list, export or
 * consent history would tell whether the address they typed has an account, and its role.
 * True for relationship rows `userId` initiated that are still unanswered, or were declined.
 */
export function hiddenFromInviter(userId: string): SQL {
  const r = careRelationships;
  return sql`(${r.initiatedBy} = case when ${r.personId} = ${userId} then 'person' else 'professional' end
    and (${r.respondedAt} is null or ${r.status} = 'declined'))`;
}

/** For log rows: not about a relationship hidden from `userId` (a deleted one stays shown). */
export function notAboutHiddenInvitation(relationshipId: SQLWrapper, userId: string): SQL {
  const r = careRelationships;
  return sql`not exists (select 1 from ${r} where ${r.id} = ${relationshipId} and ${hiddenFromInviter(userId)})`;
}
