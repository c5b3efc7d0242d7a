import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import {
  CLOSE_CODES,
  ClientMessageSchema,
  HEARTBEAT_MS,
  REALTIME_PATH,
  type ServerMessage,
} from '@kaleido/shared/realtime/events';
import type { Config } from '../config/env';
import { forbidden } from '../http/errors';
import { requestContext, requireSession } from '../http/session-guard';
import type { SessionService } from '../modules/session/session.service';
import type { EventBus, RoomEvent } from './event-bus';
import { userRoom, type RoomRegistry } from './rooms';
import { slicedSweep } from './sliced-sweep';

interface Connection {
  socket: WebSocket;
  /** The TCP socket under it: corked while a burst of events is written (one syscall). */
  stream: { cork(): void; uncork(): void };
  userId: string;
  sessionId: string;
  /** The upgrade request's cookie, to re-check the session while the socket lives. */
  cookie: string;
  ip: string;
  userAgent: string | undefined;
  rooms: Set<string>;
  /** Rooms whose replay is being sent: live events wait here so that they follow it. */
  replaying: Map<string, RoomEvent[]>;
  lastSeen: number;
}

const SESSION_RECHECK_MS = 60_000;

const eventMessage = (event: RoomEvent) =>
  ({
    type: 'event',
    room: event.room,
    name: event.name,
    data: event.data,
    seq: event.seq,
  }) as ServerMessage;

/** Whether a held live event is past the replay (replay already carried those up to `last`). */
const isAfter = (seq: string | undefined, last: bigint | null) =>
  last === null || seq === undefined || !/^\d+$/.test(seq) || BigInt(seq) > last;
const MAX_ROOMS_PER_SOCKET = 50;

/**
 * The one WebSocket per tab. Authenticated by the session cookie at the upgrade (refused
 * otherwise), Origin checked. Each socket joins its user's room; feature rooms are joined on
 * request after the feature authorizes it, replaying from the database what was missed.
 */
export function registerRealtimeGateway(
  app: FastifyInstance,
  deps: { bus: EventBus; rooms: RoomRegistry; sessions: SessionService; config: Config },
) {
  const byRoom = new Map<string, Set<Connection>>();
  const connections = new Set<Connection>();
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
    if (!connections.delete(connection)) return;
    for (const room of [...connection.rooms]) leave(connection, room);
  }

  function endSession(connection: Connection, event: RoomEvent<'session.ended'>) {
    send(connection, { type: 'event', room: event.room, name: 'session.ended', data: event.data });
    connection.socket.close(CLOSE_CODES.sessionEnded, event.data.reason);
    drop(connection);
  }

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
    connection.lastSeen = Date.now();
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
      case 'subscribe': {
        const target = deps.rooms.resolve(message.room);
        // Unknown, forbidden and nonexistent rooms answer alike, so existence does not leak.
        const allowed =
          target !== null &&
          connection.rooms.size < MAX_ROOMS_PER_SOCKET &&
          (await target.kind.authorize(connection.userId, target.id));
        if (!target || !allowed)
          return send(connection, { type: 'error', message: `Cannot join ${message.room}.` });
        if (!message.afterSeq || !target.kind.replay) return join(connection, message.room);
        // Joined first so nothing published meanwhile is lost; what arrives during the replay
        // is held and sent after it, so a client's last seen seq never skips past a gap.
        const held: RoomEvent[] = [];
        connection.replaying.set(message.room, held);
        join(connection, message.room);
        let last: bigint | null = null;
        try {
          const replayed = await target.kind.replay(connection.userId, target.id, message.afterSeq);
          for (const event of replayed) {
            send(connection, eventMessage(event));
            if (event.seq && /^\d+$/.test(event.seq)) last = BigInt(event.seq);
          }
        } finally {
          connection.replaying.delete(message.room);
          for (const event of held)
            if (isAfter(event.seq, last)) send(connection, eventMessage(event));
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
        replaying: new Map(),
        lastSeen: Date.now(),
      };
      connections.add(connection);
      join(connection, userRoom(connection.userId));
      socket.on('message', (data: Buffer) => {
        handleMessage(connection, data.toString('utf8')).catch((error: unknown) => {
          request.log.error({ err: error }, 'realtime message failed');
          send(connection, { type: 'error', message: 'Something went wrong.' });
        });
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

  // A session that expired or went idle closes its sockets even if nobody signs out.
  const stopRecheck = slicedSweep(
    SESSION_RECHECK_MS,
    () => connections,
    (connection) => {
      if (!connections.has(connection)) return;
      deps.sessions
        .resolve({
          ip: connection.ip,
          userAgent: connection.userAgent,
          headers: { cookie: connection.cookie },
        })
        .then((state) => {
          if (state.kind !== 'active') {
            const reason = state.endedReason === 'session_timeout' ? 'session_timeout' : 'revoked';
            endSession(connection, {
              room: userRoom(connection.userId),
              name: 'session.ended',
              data: { reason, sessionId: connection.sessionId },
            });
          }
        })
        .catch(() => undefined);
    },
  );

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
