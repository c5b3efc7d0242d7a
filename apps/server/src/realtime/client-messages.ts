import type { FastifyBaseLogger } from 'fastify';
import type { CallSignal } from '@kaleido/shared/calls/calls.schemas';
import { ClientMessageSchema } from '@kaleido/shared/realtime/events';
import { AppError } from '../http/errors';
import type { ClientActionRegistry } from './client-actions';
import {
  MAX_QUEUED_MESSAGES,
  REPLAY_BYTE_BUDGET,
  takeSubscribeToken,
  type Connection,
} from './realtime-connection';
import type { ReplayBudget } from './replay-budget';
import { replayRoom } from './room-replay';
import { userRoom, type RoomRegistry } from './rooms';
import type { SocketRooms } from './socket-rooms';

const MAX_ROOMS_PER_SOCKET = 50;

/**
 * What a socket says, one message at a time: ping, leaving a room, a call signal (handed to the
 * feature that registered it) and joining a room (authorized by the room's feature, replayed
 * from `afterSeq` within the person's replay budget).
 */
export function createClientMessageHandler(deps: {
  sockets: SocketRooms;
  rooms: RoomRegistry;
  /** Handlers of what a socket asks besides rooms (call signals). */
  clientActions?: ClientActionRegistry;
  replayBudget: ReplayBudget;
}) {
  const { sockets } = deps;
  const { send } = sockets;

  async function callAction(connection: Connection, signal: CallSignal) {
    const handler = deps.clientActions?.get('call');
    const ref = signal.callId;
    if (!handler)
      return send(connection, {
        type: 'refused',
        ref,
        code: 'NOT_FOUND',
        message: 'Calls are not available.',
      });
    try {
      await handler(connection.userId, signal);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      send(connection, {
        type: 'refused',
        ref,
        code: error.options.code ?? 'FORBIDDEN',
        message: error.message,
      });
    }
  }

  async function subscribe(connection: Connection, room: string, afterSeq: string | undefined) {
    if (!takeSubscribeToken(connection))
      return send(connection, { type: 'error', message: 'Too many subscriptions. Slow down.' });
    const target = deps.rooms.resolve(room);
    // Unknown, forbidden and nonexistent rooms answer alike, so existence does not leak.
    const allowed =
      target !== null &&
      connection.rooms.size < MAX_ROOMS_PER_SOCKET &&
      (await target.kind.authorize(connection.userId, target.id));
    if (!target || !allowed)
      return send(connection, { type: 'error', message: `Cannot join ${room}.` });
    if (!afterSeq || !target.kind.replay) return sockets.join(connection, room);
    // The person's replay bytes, over all their sockets: past them, wait for the refill.
    const { userId } = connection;
    const reserved = await deps.replayBudget.reserve(userId, REPLAY_BYTE_BUDGET, () =>
      sockets.has(connection),
    );
    if (reserved === null) return;
    let sent = reserved;
    try {
      sent = await replayRoom(
        sockets,
        connection,
        room,
        target.kind.replay(userId, target.id, afterSeq),
        reserved,
      );
    } finally {
      deps.replayBudget.settle(userId, reserved, sent);
    }
  }

  async function handleMessage(connection: Connection, raw: string): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return send(connection, { type: 'error', message: 'Messages must be JSON.' });
    }
    const result = ClientMessageSchema.safeParse(parsed);
    if (!result.success) return send(connection, { type: 'error', message: 'Unknown message.' });
    const message = result.data;
    switch (message.type) {
      case 'ping':
        return send(connection, { type: 'pong' });
      case 'unsubscribe':
        if (message.room !== userRoom(connection.userId)) sockets.leave(connection, message.room);
        return;
      case 'call':
        return callAction(connection, message.signal);
      case 'subscribe':
        return subscribe(connection, message.room, message.afterSeq);
    }
  }

  return {
    /**
     * One frame from the socket: handled after the socket's earlier ones (one replay at a time),
     * refused when MAX_QUEUED_MESSAGES are already waiting.
     */
    receive(connection: Connection, data: Buffer, log: Pick<FastifyBaseLogger, 'error'>) {
      connection.lastSeen = Date.now();
      if (connection.queued >= MAX_QUEUED_MESSAGES)
        return send(connection, { type: 'error', message: 'Too many messages. Slow down.' });
      connection.queued += 1;
      const raw = data.toString('utf8');
      connection.queue = connection.queue
        .then(() => handleMessage(connection, raw))
        .catch((error: unknown) => {
          log.error({ err: error }, 'realtime message failed');
          send(connection, { type: 'error', message: 'Something went wrong.' });
        })
        .finally(() => (connection.queued -= 1));
    },
  };
}
