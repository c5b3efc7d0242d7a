import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CLOSE_CODES,
  ClientMessageSchema,
  HEARTBEAT_MS,
  REALTIME_PATH,
  type ServerMessage,
} from '@kaleido/shared/realtime/events';
import type { Config } from '../config/env';
import { AppError, forbidden } from '../http/errors';
import { requestContext } from '../http/request-context';
import { requireSession } from '../http/session-guard';
import type { SessionResolver } from '../http/session-state';
import type { ClientActionRegistry } from './client-actions';
import type { EventBus, RoomEvent } from './event-bus';
import { userRoom, type RoomRegistry } from './rooms';
import { replayRoom } from './room-replay';
import { createReplayBudget } from './replay-budget';
import { createSocketCaps } from './socket-caps';
import {
  MAX_QUEUED_MESSAGES,
  MAX_SOCKETS_PER_SESSION,
  MAX_SOCKETS_PER_USER,
  REPLAY_BURST_BYTES,
  REPLAY_BYTE_BUDGET,
  REPLAY_BYTES_PER_SECOND,
  SUBSCRIBE_BURST,
  eventMessage,
  takeSubscribeToken,
  type Connection,
} from './realtime-connection';
import { createSessionDeadlines } from './session-deadlines';
import { slicedSweep } from './sliced-sweep';

const SESSION_RECHECK_MS = 60_000;
const MAX_ROOMS_PER_SOCKET = 50;

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
  const byRoom = new Map<string, Set<Connection>>();
  const connections = new Set<Connection>();
  const socketCaps = createSocketCaps({
    perSession: MAX_SOCKETS_PER_SESSION,
    perUser: MAX_SOCKETS_PER_USER,
  });
  const replayBudget = createReplayBudget({
    burstBytes: REPLAY_BURST_BYTES,
    bytesPerSecond: REPLAY_BYTES_PER_SECOND,
  });
  const allowedOrigin = new URL(deps.config.publicUrl).origin;

  function join(connection: Connection, room: string) {
    connection.rooms.add(room);
    let members = byRoom.get(room);
    if (!members) byRoom.set(room, (members = new Set()));
    members.add(connection);
  }

  function leave(connection: Connection, room: string) {
    connection.rooms.delete(room);
    const members = byRoom.get(room);
    members?.delete(connection);
    if (members?.size === 0) byRoom.delete(room);
  }

  // Events from one NOTIFY arrive in one tick: each socket's frames go out in one write.
  const corked = new Set<Connection>();
  function uncorkAll() {
    for (const connection of corked) connection.stream.uncork();
    corked.clear();
  }

  function sendText(connection: Connection, text: string) {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    if (!corked.has(connection)) {
      if (corked.size === 0) process.nextTick(uncorkAll);
      connection.stream.cork();
      corked.add(connection);
    }
    connection.socket.send(text);
  }

  function send(connection: Connection, message: ServerMessage) {
    sendText(connection, JSON.stringify(message));
  }

  function drop(connection: Connection) {
    clearTimeout(connection.deadline);
    if (!connections.delete(connection)) return;
    socketCaps.close(connection.sessionId, connection.userId);
    for (const room of [...connection.rooms]) leave(connection, room);
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
    isOpen: (connection) => connections.has(connection),
    end: endSession,
  });

  const unsubscribe = deps.bus.subscribe((event) => {
    const members = byRoom.get(event.room);
    if (!members) return;
    let text: string | undefined; // serialized once for the whole room
    for (const connection of [...members]) {
      if (event.name === 'session.ended') {
        const { sessionId, exceptSessionId } = (event as RoomEvent<'session.ended'>).data;
        const matches = sessionId
          ? connection.sessionId === sessionId
          : connection.sessionId !== exceptSessionId;
        if (matches) endSession(connection, event as RoomEvent<'session.ended'>);
        continue;
      }
      const held = connection.replaying.get(event.room);
      if (held) held.push(event);
      else sendText(connection, (text ??= JSON.stringify(eventMessage(event))));
    }
  });

  async function handleMessage(connection: Connection, raw: string) {
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
        if (message.room !== userRoom(connection.userId)) leave(connection, message.room);
        return;
      case 'call': {
        const handler = deps.clientActions?.get('call');
        const ref = message.signal.callId;
        if (!handler)
          return send(connection, {
            type: 'refused',
            ref,
            code: 'NOT_FOUND',
            message: 'Calls are not available.',
          });
        try {
          await handler(connection.userId, message.signal);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          send(connection, {
            type: 'refused',
            ref,
            code: error.options.code ?? 'FORBIDDEN',
            message: error.message,
          });
        }
        return;
      }
      case 'subscribe': {
        if (!takeSubscribeToken(connection))
          return send(connection, { type: 'error', message: 'Too many subscriptions. Slow down.' });
        const target = deps.rooms.resolve(message.room);
        // Unknown, forbidden and nonexistent rooms answer alike, so existence does not leak.
        const allowed =
          target !== null &&
          connection.rooms.size < MAX_ROOMS_PER_SOCKET &&
          (await target.kind.authorize(connection.userId, target.id));
        if (!target || !allowed)
          return send(connection, { type: 'error', message: `Cannot join ${message.room}.` });
        if (!message.afterSeq || !target.kind.replay) return join(connection, message.room);
        // The person's replay bytes, over all their sockets: past them, wait for the refill.
        const { userId } = connection;
        const reserved = await replayBudget.reserve(userId, REPLAY_BYTE_BUDGET, () =>
          connections.has(connection),
        );
        if (reserved === null) return;
        let sent = reserved;
        try {
          sent = await replayRoom(
            { join, send, sendText },
            connection,
            message.room,
            target.kind.replay(userId, target.id, message.afterSeq),
            reserved,
          );
        } finally {
          replayBudget.settle(userId, reserved, sent);
        }
        return;
      }
    }
  }

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      config: { passive: true },
      // Runs before the upgrade: no session or a foreign origin never gets a socket.
      preHandler: async (request: FastifyRequest) => {
        const origin = request.headers.origin;
        if (
          origin !== allowedOrigin &&
          origin !== `${request.protocol}://${request.headers.host ?? ''}`
        ) {
          throw forbidden('Origin not allowed', 'ORIGIN');
        }
        requireSession(request);
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
      const connection: Connection = {
        socket,
        stream: request.raw.socket,
        userId: state.user.id,
        sessionId: state.session.id,
        cookie: request.headers.cookie ?? '',
        ip: context.ip,
        userAgent: context.userAgent,
        rooms: new Set(),
        expiresAt: state.session.expiresAt.getTime(),
        replaying: new Map(),
        queue: Promise.resolve(),
        queued: 0,
        subscribeTokens: SUBSCRIBE_BURST,
        tokensCountedAt: Date.now(),
        lastSeen: Date.now(),
      };
      connections.add(connection);
      armDeadline(connection, state.session);
      join(connection, userRoom(connection.userId));
      socket.on('message', (data: Buffer) => {
        connection.lastSeen = Date.now();
        if (connection.queued >= MAX_QUEUED_MESSAGES)
          return send(connection, { type: 'error', message: 'Too many messages. Slow down.' });
        connection.queued += 1;
        const raw = data.toString('utf8');
        connection.queue = connection.queue
          .then(() => handleMessage(connection, raw))
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'realtime message failed');
            send(connection, { type: 'error', message: 'Something went wrong.' });
          })
          .finally(() => (connection.queued -= 1));
      });
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
    isConnected: (userId: string) => byRoom.has(userRoom(userId)),
  };
}
