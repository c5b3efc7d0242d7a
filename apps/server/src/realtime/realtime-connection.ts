import type { WebSocket } from '@fastify/websocket';
import type { ServerMessage } from '@kaleido/shared/realtime/events';
import type { RoomEvent } from './event-bus';

/** One open socket of one session, with what the gateway keeps about it. */
export interface Connection {
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

/**
 * Resume is cheap to ask for and expensive to answer, so it is bounded: at most this many bytes
 * per replay (the client asks for the next page, see 'replayed'), subscribes at a rate, one
 * replay at a time per socket, and a few sockets per session. A tab needs one socket and a
 * handful of subscribes a minute.
 */
export const REPLAY_BYTE_BUDGET = 256 * 1024;
export const SUBSCRIBE_BURST = 20;
export const SUBSCRIBE_REFILL_MS = 1_000;
export const MAX_QUEUED_MESSAGES = 64;
export const MAX_SOCKETS_PER_SESSION = 10;
/** Over all of a person's sessions: a second sign-in does not double what they may hold open. */
export const MAX_SOCKETS_PER_USER = 20;
/**
 * Replay bytes per person, over all their sockets and sessions (replay-budget.ts): a burst of
 * four pages, then one page a second. A reconnecting tab's catch-up fits in the burst.
 */
export const REPLAY_BURST_BYTES = 4 * REPLAY_BYTE_BUDGET;
export const REPLAY_BYTES_PER_SECOND = REPLAY_BYTE_BUDGET;

/** A new socket's state: its session, where it came from, a full subscribe bucket. */
export function newConnection(input: {
  socket: WebSocket;
  stream: Connection['stream'];
  userId: string;
  sessionId: string;
  expiresAt: Date;
  cookie: string;
  ip: string;
  userAgent: string | undefined;
}): Connection {
  const at = Date.now();
  return {
    ...input,
    expiresAt: input.expiresAt.getTime(),
    rooms: new Set(),
    replaying: new Map(),
    queue: Promise.resolve(),
    queued: 0,
    subscribeTokens: SUBSCRIBE_BURST,
    tokensCountedAt: at,
    lastSeen: at,
  };
}

/** A room event as the socket sends it. */
export const eventMessage = (event: RoomEvent) =>
  ({
    type: 'event',
    room: event.room,
    name: event.name,
    data: event.data,
    seq: event.seq,
  }) as ServerMessage;

/** One subscribe from the socket's token bucket (SUBSCRIBE_BURST, refilled per second). */
export function takeSubscribeToken(connection: Connection): boolean {
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
