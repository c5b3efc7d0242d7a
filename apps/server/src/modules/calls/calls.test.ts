import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_RING_TIMEOUT_MS,
  CALL_STALE_MS,
  type Call,
  type CallList,
  type CallSignal,
} from '@kaleido/shared/calls/calls.schemas';
import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';
import type { ServerMessage } from '@kaleido/shared/realtime/events';
import { ConfigError, loadConfig } from '../../config/env';
import { findable, person, type Person } from '../../../test/fixtures/chat-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';

type EventMessage = Extract<ServerMessage, { type: 'event' }>;

/** A person with an open app tab (one socket). */
interface Caller extends Person {
  socket: TestSocket;
}

function signal(who: Caller, s: CallSignal) {
  who.socket.send({ type: 'call', signal: s });
}

/** The next event of that name about that call (already received or coming). */
async function event(who: Caller, name: string, callId: string): Promise<EventMessage> {
  return (await who.socket.next(
    (m) =>
      m.type === 'event' &&
      m.name === name &&
      ((m.data as { call?: Call }).call?.id === callId ||
        (m.data as { callId?: string }).callId === callId),
  )) as EventMessage;
}

async function refused(who: Caller, callId: string) {
  return (await who.socket.next((m) => m.type === 'refused' && m.ref === callId)) as Extract<
    ServerMessage,
    { type: 'refused' }
  >;
}

/** Whether the socket got anything of that name about the call (after a round trip). */
async function got(who: Caller, name: string, callId: string): Promise<boolean> {
  who.socket.send({ type: 'ping' });
  const pongs = who.socket.messages.filter((m) => m.type === 'pong').length;
  await who.socket.next(() => who.socket.messages.filter((m) => m.type === 'pong').length > pongs);
  return who.socket.messages.some(
    (m) =>
      m.type === 'event' &&
      m.name === name &&
      ((m.data as { call?: Call }).call?.id === callId ||
        (m.data as { callId?: string }).callId === callId),
  );
}

const callOf = (message: EventMessage) => (message.data as { call: Call }).call;

async function history(who: Person): Promise<CallList> {
  const response = await who.client.get('/api/calls');
  expect(response.status).toBe(200);
  return response.json<CallList>();
}

describe('calls: signalling and history', () => {
  let app: TestApp;
  let url: string;
  const open: TestSocket[] = [];

  async function caller(name: string): Promise<Caller> {
    const p = await person(app, name);
    // Anyone may ring them (decision 045); who may ring strangers is its own test below.
    await findable(p);
    const socket = await TestSocket.open(url, p.client);
    open.push(socket);
    return { ...p, socket };
  }

  /** A placed call from a to b, ringing on b's side. */
  async function ring(a: Caller, b: Caller, callType: 'audio' | 'video' = 'audio') {
    const callId = randomUUID();
    signal(a, { kind: 'invite', callId, calleeId: b.userId, callType });
    const invited = callOf(await event(b, 'call.invited', callId));
    return { callId, invited };
  }

  beforeAll(async () => {
    app = await createTestApp();
    url = await listen(app);
    // Video calls ring only while the admin has video input on (off by default, SPEC §9).
    await app.instanceSettings.update({ features: { video_input: true } }, new Date());
  });
  afterAll(async () => {
    for (const socket of open) socket.close();
    await app.close();
  });

  it('rings, connects, relays negotiation to the other person only, and ends completed', async () => {
    const ada = await caller('Ada Lovelace');
    const bob = await caller('Bob Marley');
    const { callId, invited } = await ring(ada, bob, 'video');
    expect(invited).toMatchObject({
      status: 'ringing',
      type: 'video',
      direction: 'incoming',
      other: { id: ada.userId, name: 'Ada Lovelace' },
    });
    expect(callOf(await event(ada, 'call.invited', callId)).direction).toBe('outgoing');

    signal(bob, { kind: 'ringing', callId });
    await event(ada, 'call.ringing', callId);

    signal(bob, { kind: 'accept', callId });
    const accepted = callOf(await event(ada, 'call.accepted', callId));
    expect(accepted.status).toBe('active');
    expect(accepted.answeredAt).not.toBeNull();
    await event(bob, 'call.accepted', callId);

    signal(ada, { kind: 'offer', callId, sdp: 'v=0 offer' });
    const offer = await event(bob, 'call.offer', callId);
    expect(offer.data).toEqual({ callId, from: ada.userId, sdp: 'v=0 offer', restart: false });
    signal(bob, { kind: 'answer', callId, sdp: 'v=0 answer' });
    expect((await event(ada, 'call.answer', callId)).data).toMatchObject({ sdp: 'v=0 answer' });
    const candidate = {
      candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    signal(bob, { kind: 'ice', callId, candidate });
    expect((await event(ada, 'call.ice', callId)).data).toMatchObject({
      from: bob.userId,
      candidate,
    });
    signal(ada, { kind: 'offer', callId, sdp: 'v=0 restart', restart: true });
    expect((await event(bob, 'call.offer', callId)).data).toMatchObject({ restart: false });
    await bob.socket.next(
      (m) =>
        m.type === 'event' && m.name === 'call.offer' && (m.data as { restart: boolean }).restart,
    );
    // Nobody hears their own negotiation back.
    expect(await got(ada, 'call.offer', callId)).toBe(false);
    expect(await got(bob, 'call.answer', callId)).toBe(false);

    app.clock.advance(65_000);
    signal(bob, { kind: 'end', callId });
    const ended = callOf(await event(ada, 'call.ended', callId));
    expect(ended).toMatchObject({
      status: 'completed',
      endReason: 'hangup',
      endedBy: bob.userId,
    });
    // 65 s on the moved clock, plus however long the test itself took.
    expect(ended.duration).toBeGreaterThanOrEqual(65);
    expect(ended.duration).toBeLessThan(75);
    // The other hanging up at the same moment is no error.
    signal(ada, { kind: 'end', callId });
    expect(await got(ada, 'refused', callId)).toBe(false);
    expect(ada.socket.messages.some((m) => m.type === 'refused')).toBe(false);

    for (const who of [ada, bob]) {
      const list = await history(who);
      expect(list.total).toBe(1);
      expect(list.calls[0]).toMatchObject({
        id: callId,
        status: 'completed',
        duration: ended.duration,
      });
    }
    expect((await history(bob)).calls[0]?.other.name).toBe('Ada Lovelace');
    expect((await ada.client.get(`/api/calls/${callId}`)).json<Call>().direction).toBe('outgoing');

    // The dashboard counts it: Calls Today, and Recent Activity.
    const dashboard = (await ada.client.get('/api/dashboard')).json<{
      cards: { callsToday: { count: number; totalSeconds: number } };
      recentActivity: { title: string }[];
    }>();
    expect(dashboard.cards.callsToday).toEqual({ count: 1, totalSeconds: ended.duration });
    expect(dashboard.recentActivity.map((item) => item.title)).toContain(
      'Video call to Bob Marley',
    );

    // Signals about an ended call are refused.
    signal(bob, { kind: 'offer', callId, sdp: 'late' });
    expect(await refused(bob, callId)).toMatchObject({ code: 'CALL_STATE' });
  });

  it('a retried invite places nothing new and tells the caller where the call is', async () => {
    const ada = await caller('Ada Retries');
    const bob = await caller('Bob Once');
    const { callId } = await ring(ada, bob);
    signal(ada, { kind: 'invite', callId, calleeId: bob.userId, callType: 'audio' });
    await ada.socket.next(
      () =>
        ada.socket.messages.filter((m) => m.type === 'event' && m.name === 'call.invited')
          .length === 2,
    );
    expect(
      bob.socket.messages.filter((m) => m.type === 'event' && m.name === 'call.invited'),
    ).toHaveLength(1);
    expect((await history(bob)).total).toBe(1);
    signal(ada, { kind: 'cancel', callId });
    await event(bob, 'call.cancelled', callId);
    signal(ada, { kind: 'invite', callId, calleeId: bob.userId, callType: 'audio' });
    expect(callOf(await event(ada, 'call.cancelled', callId)).status).toBe('missed');
  });

  it('declined: the callee says no', async () => {
    const ada = await caller('Ada Declined');
    const bob = await caller('Bob Declining');
    const { callId } = await ring(ada, bob);
    // Only the callee answers.
    signal(ada, { kind: 'accept', callId });
    expect(await refused(ada, callId)).toMatchObject({ code: 'CALL_STATE' });
    signal(bob, { kind: 'decline', callId });
    expect(callOf(await event(ada, 'call.declined', callId))).toMatchObject({
      status: 'declined',
      endReason: 'declined',
      endedBy: bob.userId,
      duration: 0,
    });
    signal(bob, { kind: 'accept', callId });
    expect(await refused(bob, callId)).toMatchObject({
      code: 'CALL_STATE',
      message: 'This call has already ended.',
    });
    expect((await history(ada)).calls[0]).toMatchObject({ id: callId, status: 'declined' });
  });

  it('cancelled by the caller: missed for the callee, with a notification', async () => {
    const ada = await caller('Ada Cancels');
    const bob = await caller('Bob Misses');
    const { callId } = await ring(ada, bob);
    signal(bob, { kind: 'cancel', callId });
    expect(await refused(bob, callId)).toMatchObject({ code: 'CALL_STATE' });
    signal(ada, { kind: 'cancel', callId });
    expect(callOf(await event(bob, 'call.cancelled', callId))).toMatchObject({
      status: 'missed',
      endReason: 'cancelled',
    });
    const notice = await bob.socket.next(
      (m) => m.type === 'event' && m.name === 'notification.created',
    );
    expect((notice as EventMessage).data).toMatchObject({
      notification: { type: 'calls', title: 'Missed call' },
    });
  });

  it('nobody answers within 30 s: missed (the clock moved, the job fired)', async () => {
    const ada = await caller('Ada Waits');
    const bob = await caller('Bob Away');
    const { callId } = await ring(ada, bob);
    app.clock.advance(CALL_RING_TIMEOUT_MS - 5_000);
    await app.jobs.settled();
    expect(await got(ada, 'call.missed', callId)).toBe(false);
    app.clock.advance(6_000);
    const missed = callOf(await event(ada, 'call.missed', callId));
    expect(missed).toMatchObject({ status: 'missed', endReason: 'timeout', endedBy: null });
    await event(bob, 'call.missed', callId);
    await bob.socket.next((m) => m.type === 'event' && m.name === 'notification.created');
    const notices = (await bob.client.get('/api/notifications')).json<{
      notifications: Notification[];
    }>();
    expect(notices.notifications.some((n) => n.type === 'calls')).toBe(true);
    signal(bob, { kind: 'accept', callId });
    expect(await refused(bob, callId)).toMatchObject({ code: 'CALL_STATE' });
  }, 20_000);

  it('busy: calling someone in a call is missed (busy); a caller in a call is refused', async () => {
    const ada = await caller('Ada Busy');
    const bob = await caller('Bob Busy');
    const cyd = await caller('Cyd Third');
    const { callId } = await ring(ada, bob);
    signal(bob, { kind: 'accept', callId });
    await event(ada, 'call.accepted', callId);

    const second = randomUUID();
    signal(cyd, { kind: 'invite', callId: second, calleeId: bob.userId, callType: 'video' });
    expect(callOf(await event(cyd, 'call.busy', second))).toMatchObject({
      status: 'missed',
      endReason: 'busy',
      other: { name: 'Bob Busy' },
    });
    expect(await got(bob, 'call.invited', second)).toBe(false);

    const third = randomUUID();
    signal(ada, { kind: 'invite', callId: third, calleeId: cyd.userId, callType: 'audio' });
    expect(await refused(ada, third)).toMatchObject({ code: 'CALL_BUSY' });

    signal(ada, { kind: 'end', callId });
    await event(bob, 'call.ended', callId);
    // Free again: the next call rings.
    const fourth = randomUUID();
    signal(cyd, { kind: 'invite', callId: fourth, calleeId: bob.userId, callType: 'audio' });
    await event(bob, 'call.invited', fourth);
    signal(cyd, { kind: 'cancel', callId: fourth });
    await event(cyd, 'call.cancelled', fourth);
  });

  it('two invites to the same person at once: one rings, the other is busy', async () => {
    const ada = await caller('Ada Race');
    const cyd = await caller('Cyd Race');
    const bob = await caller('Bob Raced');
    for (let round = 0; round < 3; round++) {
      const first = randomUUID();
      const second = randomUUID();
      signal(ada, { kind: 'invite', callId: first, calleeId: bob.userId, callType: 'audio' });
      signal(cyd, { kind: 'invite', callId: second, calleeId: bob.userId, callType: 'video' });
      const outcome = await Promise.race([
        event(ada, 'call.busy', first).then(() => 'ada busy'),
        event(cyd, 'call.busy', second).then(() => 'cyd busy'),
      ]);
      const [ringing, busyOne] = outcome === 'ada busy' ? [second, first] : [first, second];
      await event(bob, 'call.invited', ringing);
      expect(await got(bob, 'call.invited', busyOne)).toBe(false);
      const list = await history(bob);
      const live = list.calls.filter((c) => c.status === 'ringing');
      expect(live.map((c) => c.id)).toEqual([ringing]);
      const placer = ringing === first ? ada : cyd;
      signal(placer, { kind: 'cancel', callId: ringing });
      await event(bob, 'call.cancelled', ringing);
    }
  });

  it('two people calling each other at once: only one call rings', async () => {
    const ada = await caller('Ada Crossed');
    const bob = await caller('Bob Crossed');
    const fromAda = randomUUID();
    const fromBob = randomUUID();
    signal(ada, { kind: 'invite', callId: fromAda, calleeId: bob.userId, callType: 'audio' });
    signal(bob, { kind: 'invite', callId: fromBob, calleeId: ada.userId, callType: 'audio' });
    const winner = await Promise.race([
      event(bob, 'call.invited', fromAda).then(() => fromAda),
      event(ada, 'call.invited', fromBob).then(() => fromBob),
    ]);
    const [loser, loserSocket] = winner === fromAda ? [fromBob, bob] : [fromAda, ada];
    expect(await refused(loserSocket, loser)).toMatchObject({ code: 'CALL_BUSY' });
    expect((await history(ada)).calls.map((c) => c.id)).toEqual([winner]);
    signal(winner === fromAda ? ada : bob, { kind: 'cancel', callId: winner });
    await event(ada, 'call.cancelled', winner);
  });

  it('a third party can neither signal, nor read, nor join a call', async () => {
    const ada = await caller('Ada Private');
    const bob = await caller('Bob Private');
    const eve = await caller('Eve Outsider');
    const { callId } = await ring(ada, bob);
    for (const s of [
      { kind: 'accept', callId },
      { kind: 'decline', callId },
      { kind: 'cancel', callId },
      { kind: 'end', callId },
      { kind: 'keepalive', callId },
      { kind: 'ringing', callId },
    ] as CallSignal[]) {
      eve.socket.messages.length = 0;
      signal(eve, s);
      expect(await refused(eve, callId)).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Call not found',
      });
    }
    // Reusing someone else's call id for an invite is refused too.
    signal(eve, { kind: 'invite', callId, calleeId: bob.userId, callType: 'audio' });
    expect(await refused(eve, callId)).toMatchObject({ code: 'NOT_FOUND' });
    expect((await eve.client.get(`/api/calls/${callId}`)).status).toBe(404);
    expect((await eve.client.get('/api/calls/not-a-uuid')).status).toBe(404);

    signal(bob, { kind: 'accept', callId });
    await event(ada, 'call.accepted', callId);
    eve.socket.messages.length = 0;
    signal(eve, { kind: 'offer', callId, sdp: 'v=0 evil' });
    expect(await refused(eve, callId)).toMatchObject({ code: 'NOT_FOUND' });
    signal(eve, { kind: 'ice', callId, candidate: null });
    expect(await got(ada, 'call.ice', callId)).toBe(false);
    expect(await got(bob, 'call.offer', callId)).toBe(false);
    // Still going: the outsider's 'end' changed nothing.
    expect((await ada.client.get(`/api/calls/${callId}`)).json<Call>().status).toBe('active');
    signal(ada, { kind: 'end', callId });
    await event(bob, 'call.ended', callId);
    // Calling oneself, or nobody.
    const self = randomUUID();
    signal(eve, { kind: 'invite', callId: self, calleeId: eve.userId, callType: 'audio' });
    expect(await refused(eve, self)).toMatchObject({ code: 'VALIDATION' });
  });

  it('a call both browsers left is closed (completed, lost) and nobody stays busy', async () => {
    const ada = await caller('Ada Crashes');
    const bob = await caller('Bob Crashes');
    const { callId } = await ring(ada, bob);
    signal(bob, { kind: 'accept', callId });
    await event(ada, 'call.accepted', callId);
    app.clock.advance(10_000);
    signal(ada, { kind: 'keepalive', callId });
    expect(await got(ada, 'refused', callId)).toBe(false);
    app.clock.advance(CALL_STALE_MS + 1_000);
    const list = await history(ada);
    expect(list.calls.find((c) => c.id === callId)).toMatchObject({
      status: 'completed',
      endReason: 'lost',
    });
    const lost = list.calls.find((c) => c.id === callId)?.duration ?? 0;
    expect(lost).toBeGreaterThanOrEqual(10);
    expect(lost).toBeLessThan(20);
  });

  it('a reloaded room: away and rejoin go to the other person only, the call stays active', async () => {
    const ada = await caller('Ada Reloads');
    const bob = await caller('Bob Waits');
    const eve = await caller('Eve Reloads Too');
    const { callId } = await ring(ada, bob);
    // Not connected yet: nothing to come back to.
    signal(ada, { kind: 'rejoin', callId });
    expect(await refused(ada, callId)).toMatchObject({ code: 'CALL_STATE' });
    signal(bob, { kind: 'accept', callId });
    await event(ada, 'call.accepted', callId);

    signal(ada, { kind: 'away', callId });
    expect((await event(bob, 'call.away', callId)).data).toEqual({ callId, from: ada.userId });
    expect(await got(ada, 'call.away', callId)).toBe(false);
    // The page came back (a new socket, as after a reload): the other side is told to renegotiate.
    const again = await TestSocket.open(url, ada.client);
    open.push(again);
    again.send({ type: 'call', signal: { kind: 'rejoin', callId } });
    expect((await event(bob, 'call.rejoin', callId)).data).toEqual({ callId, from: ada.userId });
    again.send({
      type: 'call',
      signal: { kind: 'offer', callId, sdp: 'v=0 fresh', restart: false },
    });
    expect((await event(bob, 'call.offer', callId)).data).toMatchObject({ sdp: 'v=0 fresh' });
    expect((await ada.client.get(`/api/calls/${callId}`)).json<Call>().status).toBe('active');

    signal(eve, { kind: 'rejoin', callId });
    expect(await refused(eve, callId)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await got(bob, 'call.rejoin', callId)).toBe(true); // only Ada's, from before
    signal(bob, { kind: 'end', callId });
    await event(ada, 'call.ended', callId);
  });

  it('export has both sides; delete-data leaves the other’s history with a deleted user', async () => {
    const ada = await caller('Ada Leaves');
    const bob = await caller('Bob Stays');
    const { callId } = await ring(ada, bob);
    signal(bob, { kind: 'decline', callId });
    await event(ada, 'call.declined', callId);

    const exported = (await ada.client.get('/api/account/export')).json<{ calls: Call[] }>();
    expect(exported.calls).toEqual([expect.objectContaining({ id: callId, status: 'declined' })]);

    expect((await ada.client.post('/api/account/delete-data')).status).toBe(200);
    expect((await history(ada)).total).toBe(0);
    const kept = await history(bob);
    expect(kept.calls[0]).toMatchObject({
      id: callId,
      status: 'declined',
      other: { id: null, name: 'Deleted user' },
    });
    expect((await bob.client.get(`/api/calls/${callId}`)).status).toBe(200);
    expect((await ada.client.get(`/api/calls/${callId}`)).status).toBe(404);
  });

  it('serves ICE_SERVERS to signed-in people and refuses a bad value at start-up', async () => {
    const ada = await caller('Ada Config');
    expect((await ada.client.get('/api/calls/config')).json()).toMatchObject({ iceServers: [] });
    const base = {
      NODE_ENV: 'test',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    };
    expect(() => loadConfig({ ...base, ICE_SERVERS: 'stun:x' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, ICE_SERVERS: '[{"urls":"turn:turn.example.org:3478"}]' }),
    ).toThrow(/ICE_SERVERS\[0\]: a turn: server needs a username and a credential/);
    expect(() => loadConfig({ ...base, ICE_SERVERS: '[{"urls":"http://x"}]' })).toThrow(
      /ICE_SERVERS/,
    );
    const servers = [
      { urls: 'stun:stun.example.org:3478' },
      { urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p' },
    ];
    expect(loadConfig({ ...base, ICE_SERVERS: JSON.stringify(servers) }).iceServers).toEqual(
      servers,
    );
  });
});
