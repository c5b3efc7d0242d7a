/** Zod-free, so the browser's first screens can import it (see constants.test.ts). */

/** The one WebSocket per tab. */
export const REALTIME_PATH = '/api/realtime';

/** Close codes the client reacts to. */
export const CLOSE_CODES = {
  sessionEnded: 4001,
  unauthorized: 4401,
  forbiddenOrigin: 4403,
  /** The session has too many sockets open; the client retries later, slowly. */
  tooManyConnections: 4429,
} as const;

/** Heartbeat: the client pings this often; the server drops a socket silent for twice as long. */
export const HEARTBEAT_MS = 25_000;
