import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { ServerMessage } from '@kaleido/shared/realtime/events';
import type { TestClient } from './http-client';
import type { TestApp } from './test-app';

/** Starts the app on a loopback port (once) so real WebSockets can connect. */
export async function listen(app: TestApp): Promise<string> {
  if (!app.app.server.listening) await app.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/realtime`;
}

/** A real WebSocket with the client's cookies, collecting what the server sends. */
export class TestSocket {
  readonly messages: ServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.messages.push(JSON.parse(data.toString('utf8')) as ServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static async open(
    url: string,
    client: TestClient | null,
    origin = 'http://kaleido.test',
  ): Promise<TestSocket> {
    const headers: Record<string, string> = { origin };
    if (client && client.cookies.size > 0)
      headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const ws = new WebSocket(url, { headers });
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode ?? 0}`)),
      );
      ws.once('error', reject);
    });
    await socket.next((m) => m.type === 'ready');
    return socket;
  }

  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }

  /** The first message (already received or coming) that matches, within a time limit. */
  async next(match: (m: ServerMessage) => boolean, timeoutMs = 5000): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.ws.close();
  }
}
