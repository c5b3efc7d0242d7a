import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '@kaleido/shared/realtime/events';
import { signedInClient } from '../../test/fixtures/accounts-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listen, TestSocket } from '../../test/test-socket';

/**
 * A socket must not outlive its session: it closes when the session goes idle or reaches its
 * absolute end, not at the next per-minute re-check. Sessions here last seconds.
 */
const IDLE_MS = 6_000;
const MAX_MS = 7_200;

const closedWithin = async (socket: TestSocket, ms: number) =>
  Promise.race([
    socket.closed,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms),
    ),
  ]);

describe('sockets and the end of their session', () => {
  let idleApp: TestApp;
  let shortApp: TestApp;
  beforeAll(async () => {
    idleApp = await createTestApp({ SESSION_IDLE_MINUTES: String(IDLE_MS / 60_000) });
    shortApp = await createTestApp({
      SESSION_IDLE_MINUTES: '30',
      SESSION_MAX_HOURS: String(MAX_MS / 3_600_000),
    });
  });
  afterAll(async () => {
    await idleApp.close();
    await shortApp.close();
  });

  it('closes the socket when the session goes idle, later if activity moved the deadline', async () => {
    const { client } = await signedInClient(idleApp);
    const socket = await TestSocket.open(await listen(idleApp), client);
    const opened = Date.now();
    // Activity a third of the way in moves the idle deadline by as much.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 3));
    const refreshedAt = Date.now();
    expect((await client.post('/api/session/refresh')).status).toBe(200);

    const closed = await closedWithin(socket, IDLE_MS * 3);
    expect(closed).toEqual({ code: CLOSE_CODES.sessionEnded, reason: 'session_timeout' });
    // Not at the first deadline (activity extended it) and long before a minute's re-check.
    expect(Date.now() - opened).toBeGreaterThanOrEqual(refreshedAt - opened + IDLE_MS - 500);
    expect(socket.messages.at(-1)).toMatchObject({
      type: 'event',
      name: 'session.ended',
      data: { reason: 'session_timeout' },
    });
    expect((await client.get('/api/session')).json<{ user: unknown }>().user).toBeFalsy();
  }, 40_000);

  it('closes the socket at the absolute end of the session', async () => {
    const { client } = await signedInClient(shortApp);
    const socket = await TestSocket.open(await listen(shortApp), client);
    const closed = await closedWithin(socket, MAX_MS + 10_000);
    expect(closed).toEqual({ code: CLOSE_CODES.sessionEnded, reason: 'session_timeout' });
  }, 40_000);
});
