import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../test/http-client';
import type { TestApp } from '../../test/test-app';
import { listen, TestSocket } from '../../test/test-socket';
import { onPostgres, sameBrowserOn, startTwoInstances } from '../../test/two-instances';

describe.runIf(onPostgres)('two server instances on one PostgreSQL', () => {
  let instances: Awaited<ReturnType<typeof startTwoInstances>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ a, b } = instances);
  });
  afterAll(async () => {
    await instances.close();
  });

  it('delivers an event published through one instance to a socket on the other', async () => {
    expect(instances.database.kind).toBe('postgres');
    const account = await signedInClient(a);
    // The same browser session, now talking to instance B (behind a load balancer).
    const onB = sameBrowserOn(b, account.client);
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
