import type { FastifyBaseLogger } from 'fastify';
import type { ServerEventData } from '@kaleido/shared/realtime/events';
import type { EventBus } from './event-bus';
import { userRoom } from './rooms';

/**
 * Tells the sockets of ended sessions, on every instance, to close. Signing out, changing the
 * password, revoking and deleting an account all end sessions; they need this one callback,
 * not the session service.
 */
export type AnnounceSessionEnded = (userId: string, data: ServerEventData<'session.ended'>) => void;

export function createSessionEndedAnnouncer(
  bus: EventBus,
  log: FastifyBaseLogger,
): AnnounceSessionEnded {
  return (userId, data) => {
    bus
      .publish({ room: userRoom(userId), name: 'session.ended', data })
      .catch((error: unknown) => log.warn({ err: error }, 'could not announce ended session'));
  };
}
