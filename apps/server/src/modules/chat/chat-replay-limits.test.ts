import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@kaleido/shared/realtime/events';
import { CLOSE_CODES } from '@kaleido/shared/realtime/events';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';
import { person, sent, startConversation, type Person } from '../../../test/fixtures/chat-fixtures';

/**
 * Resume must not be an amplifier: a subscribe of a few bytes used to replay up to 5,000
 * messages, as often as asked. Replays now come in pages of bounded size, at a bounded rate.
 */
const BUDGET = 256 * 1024;
const MESSAGES = 80;

let app: TestApp;
let url: string;
let ada: Person;
let bob: Person;
let conversationId: string;
beforeAll(async () => {
  // Enough messages to need several pages, sent faster than the chat send limit allows.
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

const room = () => `conversation:${conversationId}`;
const sizeOf = (message: ServerMessage) => Buffer.byteLength(JSON.stringify(message));
type Replayed = Extract<ServerMessage, { type: 'replayed' }>;

describe('replay on resume', () => {
  it('comes in pages within a byte budget; following the cursor gives every message once, in order', async () => {
    const socket = await TestSocket.open(url, bob.client);
    const ids: string[] = [];
    let afterSeq = '0';
    let pages = 0;
    for (;;) {
      const from = socket.messages.length;
      socket.send({ type: 'subscribe', room: room(), afterSeq });
      const done = (await socket.next(
        (m) => m.type === 'replayed' && socket.messages.indexOf(m) >= from,
      )) as Replayed;
      const page = socket.messages.slice(from, socket.messages.indexOf(done));
      expect(page.reduce((bytes, m) => bytes + sizeOf(m), 0)).toBeLessThanOrEqual(BUDGET);
      for (const m of page)
        if (m.type === 'event' && m.name === 'message.created') ids.push(m.data.message.id);
      pages += 1;
      if (!done.more) break;
      afterSeq = done.nextAfterSeq;
    }
    expect(pages).toBeGreaterThan(1);
    expect(ids).toHaveLength(MESSAGES);
    expect(new Set(ids).size).toBe(MESSAGES);
    socket.close();
  }, 60_000);

  it('refuses a flood of re-subscribes instead of replaying each one', async () => {
    const socket = await TestSocket.open(url, bob.client);
    for (let i = 0; i < 60; i++) socket.send({ type: 'subscribe', room: room(), afterSeq: '0' });
    const answered = (m: ServerMessage) =>
      m.type === 'replayed' || (m.type === 'error' && m.message.includes('Too many'));
    for (let deadline = Date.now() + 30_000; socket.messages.filter(answered).length < 60;) {
      if (Date.now() > deadline) throw new Error('not every subscribe was answered');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const refused = socket.messages.filter((m) => m.type === 'error').length;
    expect(refused).toBeGreaterThanOrEqual(30);
    const bytes = socket.messages.reduce((sum, m) => sum + sizeOf(m), 0);
    // Each answered subscribe sends at most one page: far less than 60 full replays (~44 MB).
    expect(bytes).toBeLessThanOrEqual((60 - refused) * (BUDGET + 1024));
    socket.close();
  }, 60_000);
});

describe('sockets per session', () => {
  it('closes a socket past the cap with a close code and a reason', async () => {
    const carl = await person(app, 'Carl Cap');
    const open: TestSocket[] = [];
    for (let i = 0; i < 10; i++) open.push(await TestSocket.open(url, carl.client));
    const cookie = [...carl.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const extra = new WebSocket(url, { headers: { origin: 'http://kaleido.test', cookie } });
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      extra.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(closed).toEqual({
      code: CLOSE_CODES.tooManyConnections,
      reason: 'Too many open connections for this session. Close a tab and reload.',
    });
    // Closing one makes room again.
    open.pop()?.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await TestSocket.open(url, carl.client);
    for (const socket of [...open, again]) socket.close();
  }, 60_000);
});
