import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call, CallList } from '@kaleido/shared/calls/calls.schemas';
import type { ServerMessage } from '@kaleido/shared/realtime/events';
import type { TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';
import { onPostgres, sameBrowserOn, startTwoInstances } from '../../../test/two-instances';
import { findable, person } from '../../../test/fixtures/chat-fixtures';

type EventMessage = Extract<ServerMessage, { type: 'event' }>;
const about = (name: string, callId: string) => (m: ServerMessage) =>
  m.type === 'event' &&
  m.name === name &&
  ((m.data as { call?: Call }).call?.id === callId ||
    (m.data as { callId?: string }).callId === callId);

// Two instances behind a load balancer: the caller's socket on A, the callee's on B; every
// signal crosses through PostgreSQL LISTEN/NOTIFY, and the ring timeout fires once.
describe.runIf(onPostgres)('calls across two server instances on one PostgreSQL', () => {
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

  it('relays invite, answer, negotiation and end between sockets on different instances', async () => {
    const ada = await person(a, 'Ada Lovelace');
    const bob = await person(a, 'Bob Marley');
    await findable(bob); // anyone may ring Bob (decision 045)
    const adaSocket = await TestSocket.open(await listen(a), ada.client);
    const bobSocket = await TestSocket.open(await listen(b), sameBrowserOn(b, bob.client));
    const callId = randomUUID();
    adaSocket.send({
      type: 'call',
      signal: { kind: 'invite', callId, calleeId: bob.userId, callType: 'audio' },
    });
    const invited = (await bobSocket.next(about('call.invited', callId))) as EventMessage;
    expect((invited.data as { call: Call }).call.other.name).toBe('Ada Lovelace');
    bobSocket.send({ type: 'call', signal: { kind: 'accept', callId } });
    await adaSocket.next(about('call.accepted', callId));
    adaSocket.send({ type: 'call', signal: { kind: 'offer', callId, sdp: 'v=0 from A' } });
    expect(
      ((await bobSocket.next(about('call.offer', callId))) as EventMessage).data,
    ).toMatchObject({ sdp: 'v=0 from A' });
    bobSocket.send({ type: 'call', signal: { kind: 'answer', callId, sdp: 'v=0 from B' } });
    await adaSocket.next(about('call.answer', callId));
    bobSocket.send({
      type: 'call',
      signal: { kind: 'ice', callId, candidate: { candidate: 'candidate:1', sdpMid: '0' } },
    });
    await adaSocket.next(about('call.ice', callId));
    adaSocket.send({ type: 'call', signal: { kind: 'end', callId } });
    await bobSocket.next(about('call.ended', callId));

    // An outsider on B is refused there, about a call placed on A.
    const eve = await person(b, 'Eve Outsider');
    const eveSocket = await TestSocket.open(await listen(b), eve.client);
    eveSocket.send({ type: 'call', signal: { kind: 'accept', callId } });
    expect(await eveSocket.next((m) => m.type === 'refused')).toMatchObject({ code: 'NOT_FOUND' });

    // The missed call of a second invite: the timeout job fires once across both instances.
    const second = randomUUID();
    adaSocket.send({
      type: 'call',
      signal: { kind: 'invite', callId: second, calleeId: bob.userId, callType: 'audio' },
    });
    await bobSocket.next(about('call.invited', second));
    a.clock.advance(31_000);
    b.clock.advance(31_000);
    await bobSocket.next(about('call.missed', second), 15_000);
    await Promise.all([a.jobs.settled(), b.jobs.settled()]);
    expect(bobSocket.messages.filter(about('call.missed', second))).toHaveLength(1);
    const list = (await sameBrowserOn(b, bob.client).get('/api/calls')).json<CallList>();
    expect(list.calls.map((c) => c.status)).toEqual(['missed', 'completed']);
    for (const socket of [adaSocket, bobSocket, eveSocket]) socket.close();
  }, 40_000);

  it('two invites to one person from sockets on different instances: one rings, one is busy', async () => {
    const ada = await person(a, 'Ada Racer');
    const cyd = await person(a, 'Cyd Racer');
    const bob = await person(a, 'Bob Target');
    await findable(bob); // anyone may ring Bob (decision 045)
    const adaSocket = await TestSocket.open(await listen(a), ada.client);
    const cydSocket = await TestSocket.open(await listen(b), sameBrowserOn(b, cyd.client));
    const bobSocket = await TestSocket.open(await listen(b), sameBrowserOn(b, bob.client));
    for (let round = 0; round < 3; round++) {
      const first = randomUUID();
      const second = randomUUID();
      adaSocket.send({
        type: 'call',
        signal: { kind: 'invite', callId: first, calleeId: bob.userId, callType: 'audio' },
      });
      cydSocket.send({
        type: 'call',
        signal: { kind: 'invite', callId: second, calleeId: bob.userId, callType: 'audio' },
      });
      const busyId = await Promise.race([
        adaSocket.next(about('call.busy', first), 15_000).then(() => first),
        cydSocket.next(about('call.busy', second), 15_000).then(() => second),
      ]);
      const ringing = busyId === first ? second : first;
      await bobSocket.next(about('call.invited', ringing), 15_000);
      const list = (await sameBrowserOn(b, bob.client).get('/api/calls')).json<CallList>();
      expect(list.calls.filter((c) => c.status === 'ringing').map((c) => c.id)).toEqual([ringing]);
      expect(bobSocket.messages.some(about('call.invited', busyId))).toBe(false);
      (ringing === first ? adaSocket : cydSocket).send({
        type: 'call',
        signal: { kind: 'cancel', callId: ringing },
      });
      await bobSocket.next(about('call.cancelled', ringing), 15_000);
    }
    for (const socket of [adaSocket, cydSocket, bobSocket]) socket.close();
  }, 60_000);
});
