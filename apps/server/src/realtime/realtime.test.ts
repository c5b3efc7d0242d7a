import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '@kaleido/shared/realtime/events';
import { notifications as notificationsTable } from '../db/schema/notifications';
import { signedInClient } from '../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../test/http-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listen, TestSocket } from '../../test/test-socket';

let app: TestApp;
let url: string;
beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterAll(async () => {
  await app.close();
});

describe('realtime connection', () => {
  it('is refused without a session', async () => {
    await expect(TestSocket.open(url, null)).rejects.toThrow('upgrade refused: 401');
  });

  it('is refused from another origin', async () => {
    const { client } = await signedInClient(app);
    await expect(TestSocket.open(url, client, 'https://evil.example')).rejects.toThrow(
      'upgrade refused: 403',
    );
  });

  it('says ready with the user id and answers pings', async () => {
    const { client, userId } = await signedInClient(app);
    const socket = await TestSocket.open(url, client);
    expect(socket.messages[0]).toEqual({ type: 'ready', userId });
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');
    socket.close();
  });

  it('rejects unknown messages and rooms it may not join, without leaking which exist', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    const socket = await TestSocket.open(url, a.client);
    socket.send({ type: 'shout' });
    await socket.next((m) => m.type === 'error' && m.message === 'Unknown message.');
    socket.send({ type: 'subscribe', room: `user:${b.userId}` });
    await socket.next((m) => m.type === 'error' && m.message === `Cannot join user:${b.userId}.`);
    socket.send({ type: 'subscribe', room: 'conversation:00000000-0000-0000-0000-000000000000' });
    await socket.next(
      (m) => m.type === 'error' && m.message.startsWith('Cannot join conversation:'),
    );
    socket.close();
  });

  it('refuses rooms and cursors that are not plain ids (NUL, lone surrogates, words) and stays open', async () => {
    const a = await signedInClient(app);
    const socket = await TestSocket.open(url, a.client);
    for (const room of ['conversation:a\u0000b', 'conversation:\ud800', 'user:a b', 'no-colon'])
      socket.send({ type: 'subscribe', room });
    socket.send({ type: 'subscribe', room: `user:${a.userId}`, afterSeq: '1\u0000' });
    for (let i = 0; i < 5; i++)
      await socket.next((m) => m.type === 'error' && m.message === 'Unknown message.');
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');
    socket.close();
  });

  it('closes the sockets of a session that signs out, and only those', async () => {
    const account = await signedInClient(app);
    const otherTab = new TestClient(app.app, '10.40.0.2');
    await otherTab.post('/api/auth/sign-in', { email: account.email, password: account.password });
    await otherTab.loadSession();
    const leaving = await TestSocket.open(url, account.client);
    const staying = await TestSocket.open(url, otherTab);
    await account.client.post('/api/auth/sign-out');
    await leaving.next(
      (m) => m.type === 'event' && m.name === 'session.ended' && m.data.reason === 'signed_out',
    );
    expect((await leaving.closed).code).toBe(CLOSE_CODES.sessionEnded);
    staying.send({ type: 'ping' });
    await staying.next((m) => m.type === 'pong');
    staying.close();
  });

  it('closes the socket of a revoked session', async () => {
    const account = await signedInClient(app);
    const other = new TestClient(app.app, '10.40.0.3', 'Other Browser');
    await other.post('/api/auth/sign-in', { email: account.email, password: account.password });
    await other.loadSession();
    const socket = await TestSocket.open(url, other);
    const list = (await account.client.get('/api/session/list')).json<{
      sessions: { id: string; current: boolean }[];
    }>();
    const otherId = list.sessions.find((s) => !s.current)?.id ?? '';
    await account.client.request('DELETE', `/api/session/${otherId}`);
    await socket.next(
      (m) => m.type === 'event' && m.name === 'session.ended' && m.data.reason === 'revoked',
    );
    expect((await socket.closed).code).toBe(CLOSE_CODES.sessionEnded);
  });
});

describe('notifications', () => {
  it('arrive live when the account signs in elsewhere, are listed, read and cleared', async () => {
    const account = await signedInClient(app);
    const socket = await TestSocket.open(url, account.client);
    const elsewhere = new TestClient(
      app.app,
      '10.40.1.1',
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0',
    );
    await elsewhere.post('/api/auth/sign-in', { email: account.email, password: account.password });

    const pushed = await socket.next(
      (m) => m.type === 'event' && m.name === 'notification.created',
    );
    expect(pushed).toMatchObject({
      room: `user:${account.userId}`,
      data: {
        notification: {
          type: 'settings',
          title: 'New sign-in',
          read: false,
          link: '/app/profile/security',
        },
      },
    });
    if (pushed.type !== 'event' || pushed.name !== 'notification.created')
      throw new Error('unreachable');
    expect(pushed.data.notification.message).toContain('Chrome on Linux');

    const listed = (await account.client.get('/api/notifications')).json<{
      notifications: { id: string }[];
      unread: number;
    }>();
    expect(listed.unread).toBeGreaterThanOrEqual(1);
    expect(listed.notifications[0]?.id).toBe(pushed.data.notification.id);

    const read = await account.client.post('/api/notifications/read', {
      ids: [pushed.data.notification.id],
    });
    expect(read.json()).toEqual({ ids: [pushed.data.notification.id] });
    await socket.next((m) => m.type === 'event' && m.name === 'notifications.read');

    expect((await account.client.request('DELETE', '/api/notifications')).status).toBe(200);
    await socket.next((m) => m.type === 'event' && m.name === 'notifications.cleared');
    expect((await account.client.get('/api/notifications')).json()).toEqual({
      notifications: [],
      unread: 0,
    });
    socket.close();
  });

  it('keeps at most the 50 newest', async () => {
    const account = await signedInClient(app);
    for (let i = 0; i < 55; i++) {
      await app.notifications.notify(account.userId, {
        type: 'chat',
        title: `n${i}`,
        message: 'm',
      });
    }
    const { notifications } = (await account.client.get('/api/notifications')).json<{
      notifications: { title: string }[];
    }>();
    expect(notifications).toHaveLength(50);
    expect(notifications[0]?.title).toBe('n54');

    // A burst: the list and the unread count show the newest 50 at once; the table is trimmed
    // to 50 by the next trim (every 2 s).
    const other = await signedInClient(app);
    await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        app.notifications.notify(other.userId, { type: 'chat', title: `b${i}`, message: 'm' }),
      ),
    );
    const shown = (await other.client.get('/api/notifications')).json<{
      notifications: unknown[];
      unread: number;
    }>();
    expect(shown.notifications).toHaveLength(50);
    expect(shown.unread).toBe(50);
    await app.notifications.trimNow();
    const stored = await app.database.db
      .select({ id: notificationsTable.id })
      .from(notificationsTable)
      .where(eq(notificationsTable.userId, other.userId));
    expect(stored).toHaveLength(50);
  });

  it("cannot read or touch someone else's", async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    const mine = await app.notifications.notify(a.userId, {
      type: 'chat',
      title: 'private',
      message: 'x',
    });
    expect((await b.client.post('/api/notifications/read', { ids: [mine.id] })).json()).toEqual({
      ids: [],
    });
    expect(
      (await b.client.get('/api/notifications')).json<{ notifications: unknown[] }>().notifications,
    ).toHaveLength(0);
    expect((await new TestClient(app.app).get('/api/notifications')).status).toBe(401);
  });
});
