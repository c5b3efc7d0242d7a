import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { AlertRow } from './care-alerts.repository';
import type { RelationshipRow } from './care-relationships.repository';

/** Who hears of a change in care (`care.changed`): an open view refetches and loses what is gone. */

/** Tells both sides of a relationship it changed, but not the inviter of an unanswered invitation. */
export async function announceChange(
  bus: Pick<EventBus, 'publish'>,
  relationship: RelationshipRow,
  change: 'invited' | 'accepted' | 'declined' | 'ended' | 'consent',
) {
  const data = {
    relationshipId: relationship.id,
    personId: relationship.personId,
    professionalId: relationship.professionalId,
    change,
  };
  // An invitation not yet accepted is the invited side's alone (invitation-visibility.ts).
  const inviter =
    relationship.initiatedBy === 'person' ? relationship.personId : relationship.professionalId;
  const unanswered = relationship.status === 'pending' && change !== 'accepted';
  for (const userId of [relationship.professionalId, relationship.personId])
    if (!(unanswered && userId === inviter))
      await bus.publish({ room: userRoom(userId), name: 'care.changed', data });
}

/** An alert was raised or answered: the professional only. */
export async function announceAlert(
  bus: Pick<EventBus, 'publish'>,
  professionalId: string,
  alert: AlertRow,
) {
  await bus.publish({
    room: userRoom(professionalId),
    name: 'care.changed',
    data: {
      relationshipId: alert.relationshipId,
      personId: alert.personId,
      professionalId,
      change: 'alert',
    },
  });
}
