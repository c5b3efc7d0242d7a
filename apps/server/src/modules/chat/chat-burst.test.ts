import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@kaleido/shared/chat/chat.schemas';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { person, send, startConversation, type Person } from '../../../test/fixtures/chat-fixtures';

// Sends that arrive together share one INSERT (message-append.repository `appendMany`); each must
// still get exactly the answer it would get alone.
let app: TestApp;
let ada: Person;
let bob: Person;
let cyd: Person;
beforeAll(async () => {
  app = await createTestApp();
  ada = await person(app, 'Ada Burst');
  bob = await person(app, 'Bob Burst');
  cyd = await person(app, 'Cyd Burst');
});
afterAll(async () => {
  await app.close();
});

const messagesOf = async (who: Person, id: string) =>
  (await who.client.get(`/api/chat/conversations/${id}/messages?limit=100`)).json<{
    messages: Message[];
  }>().messages;

describe('messages sent at the same moment', () => {
  it('each get their own answer: stored, repeated, or refused', async () => {
    const adaBob = await startConversation(ada, bob);
    const adaCyd = await startConversation(ada, cyd);
    const twice = randomUUID();
    const burst = [
      ...Array.from({ length: 10 }, (_, i) => send(ada, adaBob.id, `ada ${i}`)),
      ...Array.from({ length: 10 }, (_, i) => send(bob, adaBob.id, `bob ${i}`)),
      send(cyd, adaBob.id, 'not mine'),
      send(ada, adaBob.id, 'once', twice),
      send(ada, adaBob.id, 'once', twice),
      send(ada, adaCyd.id, 'elsewhere'),
      send(ada, randomUUID(), 'nowhere'),
    ];
    const answers = await Promise.all(burst);
    const statuses = answers.map((a) => a.status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    // The two sends of one clientId race each other to the batcher (their sessions are read
    // concurrently), so either may be the one stored: one 201 and one 200, same message.
    expect([statuses[20], statuses[23], statuses[24]]).toEqual([404, 201, 404]);
    expect([statuses[21], statuses[22]].sort()).toEqual([200, 201]);
    expect(answers[20]?.json()).toMatchObject({ message: 'Conversation not found' });
    const [first, again] = [answers[21], answers[22]].map((a) => a?.json<{ message: Message }>());
    expect(again?.message.id).toBe(first?.message.id);

    const stored = await messagesOf(bob, adaBob.id);
    expect(stored).toHaveLength(21);
    expect(new Set(stored.map((m) => m.seq)).size).toBe(21);
    const contents = stored.map((m) => m.content).sort();
    const expected = [
      'once',
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((i) => [`ada ${i}`, `bob ${i}`]),
    ];
    expect(contents).toEqual(expected.sort());
    expect(await messagesOf(cyd, adaCyd.id)).toHaveLength(1);
  });

  it('moves the conversation to the top of both lists once, with the newest message and the unread count', async () => {
    const conversation = await startConversation(bob, cyd);
    await Promise.all(Array.from({ length: 5 }, (_, i) => send(cyd, conversation.id, `n${i}`)));
    const { conversations } = (await bob.client.get('/api/chat/conversations')).json<{
      conversations: {
        id: string;
        last_message: { content: string } | null;
        unread_count: number;
      }[];
    }>();
    expect(conversations[0]?.id).toBe(conversation.id);
    expect(conversations[0]?.unread_count).toBe(5);
    const newest = (await messagesOf(bob, conversation.id)).at(-1);
    expect(conversations[0]?.last_message?.content).toBe(newest?.content);
  });
});
