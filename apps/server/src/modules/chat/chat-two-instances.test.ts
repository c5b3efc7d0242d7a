import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';
import { onPostgres, sameBrowserOn, startTwoInstances } from '../../../test/two-instances';
import { person, sent, startConversation } from '../../../test/fixtures/chat-fixtures';

// Two instances behind a load balancer share one PostgreSQL and reach each other's sockets
// through LISTEN/NOTIFY.
describe.runIf(onPostgres)('chat across two server instances on one PostgreSQL', () => {
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

  it('delivers a message sent through one instance to a socket on the other, and resumes there', async () => {
    const ada = await person(a, 'Ada Lovelace');
    const bob = await person(a, 'Bob Marley');
    const { id } = await startConversation(ada, bob);
    // Bob's browser session, connected to instance B.
    const bobOnB = sameBrowserOn(b, bob.client);
    const socket = await TestSocket.open(await listen(b), bobOnB);
    socket.send({ type: 'subscribe', room: `conversation:${id}` });
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');

    const message = await sent(ada, id, 'through A');
    expect(
      await socket.next((m) => m.type === 'event' && m.name === 'message.created'),
    ).toMatchObject({ room: `conversation:${id}`, seq: message.seq, data: { message } });
    await socket.next((m) => m.type === 'event' && m.name === 'conversation.updated');
    await socket.next((m) => m.type === 'event' && m.name === 'notification.created');
    socket.close();

    // Missed while away, replayed by B from the shared database.
    const missed = await sent(ada, id, 'while away');
    const resumed = await TestSocket.open(await listen(b), bobOnB);
    resumed.send({ type: 'subscribe', room: `conversation:${id}`, afterSeq: message.seq });
    expect(
      await resumed.next((m) => m.type === 'event' && m.name === 'message.created'),
    ).toMatchObject({ seq: missed.seq, data: { message: { content: 'while away' } } });
    resumed.close();
  });
});
