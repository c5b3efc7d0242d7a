import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { signedInClient } from '../../test/accounts-fixtures';
import { TestClient } from '../../test/http-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { listen, TestSocket } from '../../test/test-socket';

// Several instances share one database only on PostgreSQL; the embedded database is one process.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('two server instances on one PostgreSQL', () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp({}, { database });
    b = await createTestApp({}, { database });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
  });

  it('delivers an event published through one instance to a socket on the other', async () => {
    expect(database.kind).toBe('postgres');
    const account = await signedInClient(a);
    // The same browser session, now talking to instance B (behind a load balancer).
    const onB = new TestClient(b.app, account.client.ip);
    for (const [name, value] of account.client.cookies) onB.cookies.set(name, value);
    const socket = await TestSocket.open(await listen(b), onB);

    await new TestClient(a.app, '10.50.0.9', 'Mozilla/5.0 (Windows NT 10.0) Firefox/140.0').post(
      '/api/auth/sign-in',
      {
        email: account.email,
        password: account.password,
      },
    );
    const pushed = await socket.next(
      (m) => m.type === 'event' && m.name === 'notification.created',
    );
    expect(pushed).toMatchObject({ data: { notification: { title: 'New sign-in' } } });

    // A large event travels through the spill table and still arrives.
    const long = 'x'.repeat(20_000);
    await a.notifications.notify(account.userId, { type: 'chat', title: 'big', message: long });
    const big = await socket.next(
      (m) =>
        m.type === 'event' &&
        m.name === 'notification.created' &&
        m.data.notification.title === 'big',
    );
    expect(
      big.type === 'event' && big.name === 'notification.created' && big.data.notification.message,
    ).toBe(long);

    // Signing out through A closes the socket held by B.
    await account.client.post('/api/auth/sign-out');
    await socket.next((m) => m.type === 'event' && m.name === 'session.ended');
    socket.close();
  });
});
