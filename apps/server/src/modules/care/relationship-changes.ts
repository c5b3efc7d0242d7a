import type { EventBus } from '../../realtime/event-bus';
import { notFound } from '../../http/errors';
import { announceChange } from './care-announcements';
import type { CareConsentsRepository } from './care-consents.repository';
import type { CareLogging } from './care-logging.repository';
import type { CareRelationshipsRepository, RelationshipRow } from './care-relationships.repository';

/**
 * What changes of a relationship share, whoever makes them (either side, an administrator): the
 * caller's own relationship, and ending one. Every change is logged in the person's consent
 * history and announced (care-announcements.ts).
 */

/** A relationship the caller is part of, else 404. */
export async function ownRelationship(
  relationships: Pick<CareRelationshipsRepository, 'relationship'>,
  userId: string,
  id: string,
): Promise<RelationshipRow> {
  const found = await relationships.relationship(id);
  if (!found || (found.professionalId !== userId && found.personId !== userId))
    throw notFound('Relationship not found');
  return found;
}

/** Ends a pending or active relationship: every consent goes with it. */
export async function endRelationship(
  deps: {
    relationships: Pick<CareRelationshipsRepository, 'setStatus'>;
    consents: Pick<CareConsentsRepository, 'revokeAll'>;
    logging: Pick<CareLogging, 'logChange'>;
    bus: Pick<EventBus, 'publish'>;
    now: () => Date;
  },
  actorId: string,
  found: RelationshipRow,
) {
  if (found.status !== 'pending' && found.status !== 'active')
    throw notFound('Relationship not found');
  const now = deps.now();
  await deps.relationships.setStatus(found.id, 'ended', now);
  await deps.consents.revokeAll(found.id, now);
  await deps.logging.logChange({
    relationship: found,
    actorId,
    scope: null,
    action: 'ended',
    expiresAt: null,
    now,
  });
  await announceChange(deps.bus, found, 'ended');
}
