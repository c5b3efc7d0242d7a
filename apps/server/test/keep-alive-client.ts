import { Agent, request } from 'node:http';
import { CSRF_HEADER } from '@kaleido/shared/http/api-error';
import type { TestClient } from './http-client';

/**
 * Real HTTP over one kept-alive connection (what a browser does), for what `inject` cannot show:
 * a request answered before its body was read must not hold up the next on the same socket.
 */
export function keepAliveClient(port: number, client: TestClient) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<unknown>();
  const headers = () => ({
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    [CSRF_HEADER]: client.csrfToken ?? '',
    'user-agent': client.userAgent,
  });

  function send(
    method: string,
    path: string,
    body?: { payload: Buffer; contentType: string },
    timeoutMs = 8_000,
  ): Promise<{ status: number; body: string; connection: string | undefined }> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: {
            ...headers(),
            ...(body && {
              'content-type': body.contentType,
              'content-length': String(body.payload.length),
            }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            clearTimeout(timer);
            resolve({
              status: res.statusCode ?? 0,
              body: text,
              connection: res.headers.connection,
            });
          });
        },
      );
      req.on('socket', (socket) => sockets.add(socket));
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error(`no answer to ${method} ${path} within ${timeoutMs} ms`));
      }, timeoutMs);
      // The server may answer and close before the whole body is sent: that is not our error.
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return;
        clearTimeout(timer);
        reject(error);
      });
      req.end(body?.payload);
    });
  }

  return {
    send,
    /** How many connections the requests so far used. */
    connections: () => sockets.size,
    close: () => agent.destroy(),
  };
}
