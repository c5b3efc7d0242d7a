import type { FastifyInstance } from 'fastify';

/**
 * An upload refused before its body was read (413 over the size limit, 507 over the quota or
 * the disk's reserve, 401, ...) leaves the rest of the body in the connection: kept alive, the
 * next request on it would wait behind bytes nobody reads (security probe 2, N16). Such answers
 * close the connection instead, so the client opens a fresh one for its next request.
 */
export function registerEarlyRefusal(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    const hasBody =
      raw.headers['transfer-encoding'] !== undefined ||
      Number(raw.headers['content-length'] ?? 0) > 0;
    if (reply.statusCode >= 400 && hasBody && !raw.complete) {
      reply.header('connection', 'close');
      // Whatever still arrives before the socket closes is read and dropped, not left to
      // block the answer's delivery.
      raw.resume();
    }
    return payload;
  });
}
