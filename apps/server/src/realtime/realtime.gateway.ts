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
import { AppError, forbidden } from '../http/errors';
import { requestContext } from '../http/request-context';
import { requireSession } from '../http/session-guard';
import type { SessionResolver } from '../http/session-state';
import type { ClientActionRegistry } from './client-actions';
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
  /** Fires when the session would end (idle or absolute), to close the socket at that moment. */
  deadline?: NodeJS.Timeout;
  /** The session's absolute end, to tell an expired session from a revoked one. */
  expiresAt: number;
  /** Rooms whose replay is being sent: live events wait here so that they follow it. */
  replaying: Map<string, RoomEvent[]>;
  /** The socket's messages are handled one after another: one replay at a time. */
  queue: Promise<void>;
  queued: number;
  /** Token bucket for subscribes (each may replay up to REPLAY_BYTE_BUDGET). */
  subscribeTokens: number;
  tokensCountedAt: number;
  lastSeen: number;
}

const SESSION_RECHECK_MS = 60_000;
/** After the deadline, so the session check sees the session as ended, not a millisecond early. */
const DEADLINE_SLACK_MS = 25;
/** A database error at the deadline is retried this much later. */
const DEADLINE_RETRY_MS = 5_000;
/** setTimeout's ceiling (about 24.8 days); a longer session simply re-arms on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

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
 * Resume is cheap to ask for and expensive to answer, so it is bounded: at most this many bytes
 * per replay (the client asks for the next page, see 'replayed'), subscribes at a rate, one
 * replay at a time per socket, and a few sockets per session. A tab needs one socket and a
 * handful of subscribes a minute.
 */
const REPLAY_BYTE_BUDGET = 256 * 1024;
const SUBSCRIBE_BURST = 20;
const SUBSCRIBE_REFILL_MS = 1_000;
const MAX_QUEUED_MESSAGES = 64;
const MAX_SOCKETS_PER_SESSION = 10;

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
  const idleMs = deps.config.SESSION_IDLE_MINUTES * 60_000;
  const byRoom = new Map<string, Set<Connection>>();
  const connections = new Set<Connection>();
  const socketsPerSession = new Map<string, number>();
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
    const open = (socketsPerSession.get(connection.sessionId) ?? 1) - 1;
    if (open > 0) socketsPerSession.set(connection.sessionId, open);
    else socketsPerSession.delete(connection.sessionId);
    for (const room of [...connection.rooms]) leave(connection, room);
  }

  function endSession(connection: Connection, event: RoomEvent<'session.ended'>) {
    send(connection, { type: 'event', room: event.room, name: 'session.ended', data: event.data });
    connection.socket.close(CLOSE_CODES.sessionEnded, event.data.reason);
    drop(connection);
  }

  /**
   * Arms the socket's timer for the moment its session ends: the idle timeout after the last
   * activity, or the absolute expiry, whichever comes first. Activity meanwhile (HTTP requests
   * of the same session) moves the idle deadline; the check at the deadline sees it and re-arms.
   */
  function armDeadline(connection: Connection, session: { lastActiveAt: Date; expiresAt: Date }) {
    connection.expiresAt = session.expiresAt.getTime();
    const endsAt = Math.min(connection.expiresAt, session.lastActiveAt.getTime() + idleMs);
    const delay = Math.max(0, endsAt - now().getTime()) + DEADLINE_SLACK_MS;
    clearTimeout(connection.deadline);
    connection.deadline = setTimeout(() => checkSession(connection), Math.min(delay, MAX_TIMER_MS));
    connection.deadline.unref();
  }

  /** Re-reads the session: still active → wait for its next deadline; ended → close the socket. */
  function checkSession(connection: Connection) {
    if (!connections.has(connection)) return;
    deps.sessions
      .resolve({
        ip: connection.ip,
        userAgent: connection.userAgent,
        headers: { cookie: connection.cookie },
      })
      .then((state) => {
        if (!connections.has(connection)) return;
        if (state.kind === 'active') return armDeadline(connection, state.session);
        const expired =
          state.endedReason === 'session_timeout' || now().getTime() >= connection.expiresAt;
        endSession(connection, {
          room: userRoom(connection.userId),
          name: 'session.ended',
          data: {
            reason: expired ? 'session_timeout' : 'revoked',
            sessionId: connection.sessionId,
          },
        });
      })
      .catch(() => {
        if (!connections.has(connection)) return;
        clearTimeout(connection.deadline);
        connection.deadline = setTimeout(() => checkSession(connection), DEADLINE_RETRY_MS);
        connection.deadline.unref();
      });
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
        return replay(
          connection,
          message.room,
          target.kind.replay(connection.userId, target.id, message.afterSeq),
        );
      }
    }
  }

  function takeSubscribeToken(connection: Connection): boolean {
    const at = Date.now();
    connection.subscribeTokens = Math.min(
      SUBSCRIBE_BURST,
      connection.subscribeTokens + (at - connection.tokensCountedAt) / SUBSCRIBE_REFILL_MS,
    );
    connection.tokensCountedAt = at;
    if (connection.subscribeTokens < 1) return false;
    connection.subscribeTokens -= 1;
    return true;
  }

  /**
   * Sends a room's replay, up to REPLAY_BYTE_BUDGET, then 'replayed' (with the cursor of the next
   * page when there is more). Joined first so nothing published meanwhile is lost; what arrives
   * during the replay is held and sent after it, so a client's last seen seq never skips past a
   * gap. When the replay stops early, the held events are in the next pages (the database has
   * them), so only those without a seq (typing, receipts) are sent.
   */
  async function replay(connection: Connection, room: string, pages: AsyncIterable<RoomEvent[]>) {
    const held: RoomEvent[] = [];
    connection.replaying.set(room, held);
    join(connection, room);
    let last: bigint | null = null;
    let bytes = 0;
    let more = false;
    try {
      pages: for await (const page of pages) {
        for (const event of page) {
          const text = JSON.stringify(eventMessage(event));
          const size = Buffer.byteLength(text);
          if (bytes > 0 && bytes + size > REPLAY_BYTE_BUDGET) {
            more = true;
            break pages;
          }
          bytes += size;
          sendText(connection, text);
          if (event.seq && /^\d+$/.test(event.seq)) last = BigInt(event.seq);
        }
      }
    } finally {
      connection.replaying.delete(room);
      for (const event of held)
        if (more ? event.seq === undefined : isAfter(event.seq, last))
          send(connection, eventMessage(event));
    }
    send(
      connection,
      more && last !== null
        ? { type: 'replayed', room, more: true, nextAfterSeq: last.toString() }
        : { type: 'replayed', room, more: false },
    );
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
      const open = socketsPerSession.get(state.session.id) ?? 0;
      if (open >= MAX_SOCKETS_PER_SESSION) {
        socket.close(
          CLOSE_CODES.tooManyConnections,
          'Too many open connections for this session. Close a tab and reload.',
        );
        return;
      }
      socketsPerSession.set(state.session.id, open + 1);
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
