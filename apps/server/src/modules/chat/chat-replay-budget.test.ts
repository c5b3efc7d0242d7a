import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@kaleido/shared/realtime/events';
import { CLOSE_CODES } from '@kaleido/shared/realtime/events';
import {
  MAX_SOCKETS_PER_USER,
  REPLAY_BURST_BYTES,
  REPLAY_BYTES_PER_SECOND,
} from '../../realtime/realtime-connection';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';
import { person, sent, startConversation, type Person } from '../../../test/fixtures/chat-fixtures';

/**
 * Issue 24 N10: the replay limits were per socket, so ten sockets of one session re-subscribing
 * for 10 s drew 75 MB (and a second sign-in doubled it). Replay bytes are now a budget of the
 * person's, over all their sockets and sessions, refilled per second; and a person's sockets
 * are capped over all their sessions. Measured on real WebSockets.
 */
const MESSAGES = 60;

let app: TestApp;
let url: string;
let ada: Person;
let bob: Person;
let conversationId: string;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_FACTOR: '100' });
  url = await listen(app);
  ada = await person(app, 'Ada Lovelace');
  bob = await person(app, 'Bob Marley');
  conversationId = (await startConversation(ada, bob)).id;
  for (let i = 0; i < MESSAGES; i++)
    await sent(ada, conversationId, `${String(i).padStart(3, '0')} ${'x'.repeat(9_000)}`);
}, 120_000);
afterAll(async () => {
  await app.close();
});

/** Bob signed in once more: a second session of the same person. */
async function secondSession(): Promise<TestClient> {
  const client = new TestClient(app.app, '10.9.9.9');
  const signIn = await client.post('/api/auth/sign-in', {
    email: bob.email,
    password: bob.password,
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  return client;
}

const sizeOf = (message: ServerMessage) => Buffer.byteLength(JSON.stringify(message));

describe("a person's replay budget", () => {
  it('bounds the replay bytes over all their sockets and sessions, per second', async () => {
    const other = await secondSession();
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 5; i++) sockets.push(await TestSocket.open(url, bob.client));
    for (let i = 0; i < 5; i++) sockets.push(await TestSocket.open(url, other));
    const room = `conversation:${conversationId}`;
    const started = performance.now();
    // Every socket asks for the whole history again and again, as the probe's replay.mjs did.
    const flood = setInterval(() => {
      for (const socket of sockets) {
        socket.send({ type: 'unsubscribe', room });
        socket.send({ type: 'subscribe', room, afterSeq: '0' });
      }
    }, 100);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    clearInterval(flood);
    const seconds = (performance.now() - started) / 1000;
    const replayed = sockets
      .flatMap((s) => s.messages)
      .filter((m) => m.type === 'event' && m.room === room);
    const bytes = replayed.reduce((sum, m) => sum + sizeOf(m), 0);
    for (const socket of sockets) socket.close();
    // Per socket, the old limits allowed 20 pages of 256 KB at once: 50 MB over ten sockets.
    // Now: the burst, the refill for the time taken, and one message of overshoot per page.
    const pages = Math.ceil(seconds) * 2 + 4;
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(
      REPLAY_BURST_BYTES + seconds * REPLAY_BYTES_PER_SECOND + pages * 10_000,
    );
  }, 60_000);

  it("caps a person's sockets over all their sessions", async () => {
    const carl = await person(app, 'Carl Cap');
    const again = new TestClient(app.app, '10.9.9.10');
    const signIn = await again.post('/api/auth/sign-in', {
      email: carl.email,
      password: carl.password,
    });
    expect(signIn.status).toBe(200);
    const open: TestSocket[] = [];
    // Ten a session: the per-session cap alone would let a third sign-in open ten more.
    for (let i = 0; i < MAX_SOCKETS_PER_USER / 2; i++)
      open.push(await TestSocket.open(url, carl.client));
    for (let i = 0; i < MAX_SOCKETS_PER_USER / 2; i++) open.push(await TestSocket.open(url, again));
    const third = new TestClient(app.app, '10.9.9.11');
    await third.post('/api/auth/sign-in', { email: carl.email, password: carl.password });
    const cookie = [...third.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const extra = new WebSocket(url, { headers: { origin: 'http://kaleido.test', cookie } });
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      extra.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(closed).toEqual({
      code: CLOSE_CODES.tooManyConnections,
      reason: 'Too many open connections for this account. Close a tab and reload.',
    });
    for (const socket of open) socket.close();
  }, 60_000);
});
