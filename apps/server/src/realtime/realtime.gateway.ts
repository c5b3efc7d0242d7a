import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLOSE_CODES, HEARTBEAT_MS, REALTIME_PATH } from '@kaleido/shared/realtime/events';
import type { Config } from '../config/env';
import { forbidden } from '../http/errors';
import { requestContext } from '../http/request-context';
import { requireSession } from '../http/session-guard';
import type { SessionResolver } from '../http/session-state';
import type { ClientActionRegistry } from './client-actions';
import { createClientMessageHandler } from './client-messages';
import type { EventBus, RoomEvent } from './event-bus';
import { userRoom, type RoomRegistry } from './rooms';
import { createReplayBudget } from './replay-budget';
import { createSocketCaps } from './socket-caps';
import { createSocketRooms } from './socket-rooms';
import {
  MAX_SOCKETS_PER_SESSION,
  MAX_SOCKETS_PER_USER,
  REPLAY_BURST_BYTES,
  REPLAY_BYTES_PER_SECOND,
  newConnection,
  type Connection,
} from './realtime-connection';
import { createSessionDeadlines } from './session-deadlines';
import { slicedSweep } from './sliced-sweep';

const SESSION_RECHECK_MS = 60_000;

/** A socket only for a signed-in session from our own page (or the host it was asked of). */
function checkUpgrade(request: FastifyRequest, allowedOrigin: string) {
  const origin = request.headers.origin;
  if (
    origin !== allowedOrigin &&
    origin !== `${request.protocol}://${request.headers.host ?? ''}`
  ) {
    throw forbidden('Origin not allowed', 'ORIGIN');
  }
  requireSession(request);
}

/**
 * The one WebSocket per tab. Authenticated by the session cookie at the upgrade (refused
 * otherwise), Origin checked. Each socket joins its user's room; feature rooms are joined on
 * request after the feature authorizes it, replaying from the database what was missed.
 */
export function registerRealtimeGateway(
  app: FastifyInstance,
  deps: {
    bus: EventBus;
    rooms: RoomRegistry;
    /** Handlers of what a socket asks besides rooms (call signals). */
    clientActions?: ClientActionRegistry;
    sessions: Pick<SessionResolver, 'resolve'>;
    config: Config;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());
  const sockets = createSocketRooms();
  const { connections, send } = sockets;
  const socketCaps = createSocketCaps({
    perSession: MAX_SOCKETS_PER_SESSION,
    perUser: MAX_SOCKETS_PER_USER,
  });
  const messages = createClientMessageHandler({
    sockets,
    rooms: deps.rooms,
    clientActions: deps.clientActions,
    replayBudget: createReplayBudget({
      burstBytes: REPLAY_BURST_BYTES,
      bytesPerSecond: REPLAY_BYTES_PER_SECOND,
    }),
  });
  const allowedOrigin = new URL(deps.config.publicUrl).origin;

  function drop(connection: Connection) {
    if (sockets.remove(connection)) socketCaps.close(connection.sessionId, connection.userId);
  }

  function endSession(connection: Connection, event: RoomEvent<'session.ended'>) {
    send(connection, { type: 'event', room: event.room, name: 'session.ended', data: event.data });
    connection.socket.close(CLOSE_CODES.sessionEnded, event.data.reason);
    drop(connection);
  }

  const { armDeadline, checkSession } = createSessionDeadlines({
    sessions: deps.sessions,
    idleMs: deps.config.SESSION_IDLE_MINUTES * 60_000,
    now,
    isOpen: sockets.has,
    end: endSession,
  });

  const unsubscribe = deps.bus.subscribe((event) => sockets.deliver(event, endSession));

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      config: { passive: true },
      // Runs before the upgrade: no session or a foreign origin never gets a socket.
      preHandler: async (request: FastifyRequest) => {
        checkUpgrade(request, allowedOrigin);
        return Promise.resolve();
      },
    },
    (socket, request) => {
      const state = requireSession(request);
      const full = socketCaps.open(state.session.id, state.user.id);
      if (full) {
        socket.close(
          CLOSE_CODES.tooManyConnections,
          `Too many open connections for this ${full === 'session' ? 'session' : 'account'}. Close a tab and reload.`,
        );
        return;
      }
      const context = requestContext(request);
      const connection = newConnection({
        socket,
        stream: request.raw.socket,
        userId: state.user.id,
        sessionId: state.session.id,
        expiresAt: state.session.expiresAt,
        cookie: request.headers.cookie ?? '',
        ip: context.ip,
        userAgent: context.userAgent,
      });
      sockets.add(connection);
      armDeadline(connection, state.session);
      sockets.join(connection, userRoom(connection.userId));
      socket.on('message', (data: Buffer) => messages.receive(connection, data, request.log));
      socket.on('pong', () => (connection.lastSeen = Date.now()));
      socket.on('close', () => drop(connection));
      socket.on('error', () => drop(connection));
      send(connection, { type: 'ready', userId: connection.userId });
    },
  );

  // Heartbeats: ping every socket; drop those silent for two intervals.
  const stopHeartbeat = slicedSweep(
    HEARTBEAT_MS,
    () => connections,
    (connection) => {
      if (!connections.has(connection)) return;
      if (connection.lastSeen < Date.now() - 2 * HEARTBEAT_MS) {
        connection.socket.terminate();
        drop(connection);
      } else connection.socket.ping();
    },
  );

  // A session removed without an announcement (by hand, by another tool) still closes its
  // sockets within a minute; expiry and announced ends close them at once (above).
  const stopRecheck = slicedSweep(SESSION_RECHECK_MS, () => connections, checkSession);

  app.addHook('onClose', async () => {
    stopHeartbeat();
    stopRecheck();
    unsubscribe();
    for (const connection of [...connections]) {
      connection.socket.close(1001, 'server shutting down');
      drop(connection);
    }
    return Promise.resolve();
  });

  return {
    connectionCount: () => connections.size,
    /** Whether the user has a socket open on this instance (an app tab is open). */
    isConnected: (userId: string) => sockets.hasMembers(userRoom(userId)),
  };
}
