import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@kaleido/shared/chat/chat.schemas';
import type { ServerMessage } from '@kaleido/shared/realtime/events';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';
import {
  person,
  send,
  sent,
  startConversation,
  type Person,
} from '../../../test/fixtures/chat-fixtures';

let app: TestApp;
let url: string;
let ada: Person;
let bob: Person;
let cyd: Person;
beforeAll(async () => {
  // The drop test sends 150 messages from one person in seconds: past the chat send limit.
  app = await createTestApp({ RATE_LIMIT_FACTOR: '10' });
  url = await listen(app);
  ada = await person(app, 'Ada Lovelace');
  bob = await person(app, 'Bob Marley');
  cyd = await person(app, 'Cyd Charisse');
});
afterAll(async () => {
  await app.close();
});

type ServerEvent = Extract<ServerMessage, { type: 'event' }>;
type EventOf<N extends ServerEvent['name']> = Extract<ServerEvent, { name: N }>;
const isEvent =
  <N extends ServerEvent['name']>(name: N, where: (e: EventOf<N>) => boolean = () => true) =>
  (m: ServerMessage): boolean =>
    m.type === 'event' && m.name === name && where(m as EventOf<N>);
const created = (socket: TestSocket) =>
  socket.messages.filter(isEvent('message.created')) as EventOf<'message.created'>[];

/** Opens a socket and joins the conversation room (resuming after `afterSeq`). */
async function joined(
  who: Person,
  conversationId: string,
  afterSeq?: string,
  onOpen: (socket: TestSocket) => void = () => undefined,
) {
  const socket = await TestSocket.open(url, who.client);
  onOpen(socket);
  socket.send({ type: 'subscribe', room: `conversation:${conversationId}`, afterSeq });
  // A ping answered after the subscribe means the join (and its replay) is done.
  socket.send({ type: 'ping' });
  await socket.next((m) => m.type === 'pong');
  return socket;
}

describe('live chat', () => {
  it('delivers a message to the open conversation, reorders both lists and rings the bell', async () => {
    const { id } = await startConversation(ada, bob);
    const bobs = await joined(bob, id);
    const adas = await joined(ada, id);
    const message = await sent(ada, id, 'Hello Bob');

    const live = await bobs.next(isEvent('message.created'));
    expect(live).toMatchObject({ room: `conversation:${id}`, seq: message.seq, data: { message } });
    await adas.next(isEvent('message.created'));
    for (const [socket, who] of [
      [bobs, bob],
      [adas, ada],
    ] as const) {
      // (On PostgreSQL the creation's own event may still be arriving: wait for this message's.)
      const updated = isEvent('conversation.updated', (e) => e.data.last_message !== null);
      expect(await socket.next(updated)).toMatchObject({
        room: `user:${who.userId}`,
        data: {
          conversation_id: id,
          updated_at: message.created_at,
          last_message: { id: message.id, content: 'Hello Bob' },
        },
      });
    }
    expect(await bobs.next(isEvent('notification.created'))).toMatchObject({
      data: {
        notification: {
          type: 'chat',
          title: 'Ada Lovelace',
          message: 'Hello Bob',
          link: `/app/chat/${id}`,
          read: false,
        },
      },
    });
    // The sender is not notified of their own message.
    expect(adas.messages.some(isEvent('notification.created'))).toBe(false);

    // Typing and read receipts reach the other participant.
    await bob.client.post(`/api/chat/conversations/${id}/typing`, { typing: true });
    expect(await adas.next(isEvent('typing.changed'))).toMatchObject({
      data: { conversation_id: id, user_id: bob.userId, typing: true },
    });
    await bob.client.post(`/api/chat/conversations/${id}/read`, { seq: message.seq });
    expect(await adas.next(isEvent('message.read'))).toMatchObject({
      room: `conversation:${id}`,
      data: { conversation_id: id, user_id: bob.userId, last_read_seq: message.seq },
    });
    bobs.close();
    adas.close();
  });

  it('previews long messages in the notification', async () => {
    const { id } = await startConversation(cyd, bob);
    const socket = await TestSocket.open(url, bob.client);
    await sent(cyd, id, 'z'.repeat(300));
    const bell = (await socket.next(
      isEvent('notification.created', (e) => e.data.notification.title === 'Cyd Charisse'),
    )) as EventOf<'notification.created'>;
    expect(bell.data.notification.message).toBe(`${'z'.repeat(99)}…`);
    socket.close();
  });

  it('sends one event for a retried message', async () => {
    const { id } = await startConversation(ada, cyd);
    const socket = await joined(cyd, id);
    const clientId = randomUUID();
    expect((await send(ada, id, 'once', clientId)).status).toBe(201);
    expect((await send(ada, id, 'once', clientId)).status).toBe(200);
    await sent(ada, id, 'marker');
    await socket.next(isEvent('message.created', (e) => e.data.message.content === 'marker'));
    expect(created(socket).map((e) => e.data.message.content)).toEqual(['once', 'marker']);
    socket.close();
  });

  it('lets only participants join, and tells outsiders nothing', async () => {
    const { id } = await startConversation(ada, bob);
    const outsider = await TestSocket.open(url, cyd.client);
    outsider.send({ type: 'subscribe', room: `conversation:${id}`, afterSeq: '0' });
    await outsider.next(
      (m) => m.type === 'error' && m.message === `Cannot join conversation:${id}.`,
    );
    outsider.send({ type: 'subscribe', room: 'conversation:not-a-uuid', afterSeq: '0' });
    await outsider.next(
      (m) => m.type === 'error' && m.message === 'Cannot join conversation:not-a-uuid.',
    );
    await sent(ada, id, 'not for Cyd');
    await sleep(200);
    // Nothing about this conversation (events of Cyd's own earlier chats may still arrive).
    expect(
      outsider.messages.some((m) => m.type === 'event' && JSON.stringify(m).includes(id)),
    ).toBe(false);
    outsider.close();
  });
});

describe('resume', () => {
  it('replays what was missed, in order, after the last seq seen', async () => {
    const eve = await person(app, 'Eve Arden');
    const { id } = await startConversation(eve, ada);
    const first = await sent(eve, id, 'seen');
    const missed: Message[] = [];
    for (const text of ['missed 1', 'missed 2', 'missed 3']) missed.push(await sent(eve, id, text));
    const socket = await joined(ada, id, first.seq);
    await socket.next(isEvent('message.created', (e) => e.data.message.content === 'missed 3'));
    expect(created(socket).map((e) => [e.seq, e.data.message.content])).toEqual(
      missed.map((m) => [m.seq, m.content]),
    );
    // From the start ('0'), everything; nothing replays without afterSeq.
    const fromStart = await joined(ada, id, '0');
    await fromStart.next(isEvent('message.created', (e) => e.data.message.content === 'missed 3'));
    expect(created(fromStart)).toHaveLength(4);
    const fresh = await joined(ada, id);
    expect(created(fresh)).toHaveLength(0);
    for (const s of [socket, fromStart, fresh]) s.close();
  });

  it('delivers every acknowledged message exactly once while sockets drop at random', async () => {
    const fay = await person(app, 'Fay Wray');
    const gil = await person(app, 'Gil Scott');
    const { id } = await startConversation(fay, gil);
    const acknowledged = new Map<string, Message>();
    const shown = new Map<string, Message>(); // what the receiving tab shows, by message id
    let lastSeq = '0';
    let deliveries = 0;
    let reconnects = 0;

    // The receiving tab: on every event, keep it unless already shown (as the web client does).
    const track = (socket: TestSocket) =>
      socket.ws.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString('utf8')) as ServerMessage;
        if (m.type !== 'event' || m.name !== 'message.created') return;
        deliveries += 1;
        if (!shown.has(m.data.message.id)) shown.set(m.data.message.id, m.data.message);
        if (m.seq && BigInt(m.seq) > BigInt(lastSeq)) lastSeq = m.seq;
      });
    let socket = await joined(gil, id, undefined, track);

    const TOTAL = 150;
    let next = 0;
    const sender = async () => {
      while (next < TOTAL) {
        const n = next++;
        const response = await send(fay, id, `burst ${n}`);
        if (response.status === 201) {
          const { message } = response.json<{ message: Message }>();
          acknowledged.set(message.id, message);
        }
      }
    };
    const dropper = async () => {
      while (next < TOTAL) {
        await sleep(20 + Math.random() * 80);
        socket.ws.terminate();
        reconnects += 1;
        await sleep(Math.random() * 40);
        socket = await joined(gil, id, lastSeq, track);
      }
    };
    await Promise.all([sender(), sender(), sender(), dropper()]);
    // The final resume, as after the last reconnect.
    socket.ws.terminate();
    socket = await joined(gil, id, lastSeq, track);
    await sleep(300);
    socket.close();

    expect(acknowledged.size).toBe(TOTAL);
    expect(reconnects).toBeGreaterThan(3);
    expect([...shown.keys()].sort()).toEqual([...acknowledged.keys()].sort());
    // Every shown message is a distinct position in the stream.
    const seqs = [...shown.values()].map((m) => BigInt(m.seq));
    expect(new Set(seqs).size).toBe(TOTAL);
    // Replay overlaps live delivery only around a resume; never a flood of duplicates.
    expect(deliveries).toBeLessThan(TOTAL * 2);
  });
});
