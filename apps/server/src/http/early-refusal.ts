import type { FastifyInstance } from 'fastify';

/** The most of a refused body read and dropped to keep its connection for the next request. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
/** How long the rest of a refused body may take to arrive before the connection is dropped. */
const DRAIN_MAX_MS = 15_000;

/**
 * An upload refused before its body was read (413 over the size limit, 507 over the quota or
 * the disk's reserve, 401, ...) left the rest of the body in the kept-alive connection, and the
 * next request on it waited behind bytes nobody read (security probe 2, N16). Now the rest is
 * read and dropped, so the connection serves the next request — up to DRAIN_MAX_BYTES and
 * DRAIN_MAX_MS after the answer, past which the connection is closed. Closing at once instead
 * would reset a connection whose client is still sending, and a browser could lose the answer.
 */
export function registerEarlyRefusal(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    const hasBody =
      raw.headers['transfer-encoding'] !== undefined ||
      Number(raw.headers['content-length'] ?? 0) > 0;
    if (reply.statusCode < 400 || !hasBody || raw.complete) return payload;
    const remaining = Number(raw.headers['content-length'] ?? Number.POSITIVE_INFINITY);
    // A body announced far larger than we would ever read is not worth waiting for.
    if (remaining > DRAIN_MAX_BYTES * 2) {
      reply.header('connection', 'close');
      raw.resume();
      return payload;
    }
    let drained = 0;
    // `inject` (tests) has no real socket to drop.
    const socket = raw.socket as { destroy?: unknown } | undefined;
    const drop = () => {
      if (typeof socket?.destroy === 'function') raw.socket.destroy();
    };
    const timer = setTimeout(drop, DRAIN_MAX_MS);
    timer.unref();
    raw.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_MAX_BYTES) drop();
    });
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    raw.resume();
    return payload;
  });
}
