import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message, UserSearchResult } from '@kaleido/shared/chat/chat.schemas';
import { profiles } from '../../db/schema/accounts';
import { users } from '../../db/schema/auth';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  findable,
  PDF,
  person,
  send,
  sent,
  startConversation,
  upload,
  type Person,
} from '../../../test/fixtures/chat-fixtures';

let app: TestApp;
let ada: Person;
let bob: Person;
let cyd: Person;
beforeAll(async () => {
  app = await createTestApp();
  ada = await person(app, 'Ada Lovelace');
  bob = await person(app, 'Bob Marley');
  cyd = await person(app, 'Cyd Charisse');
});
afterAll(async () => {
  await app.close();
});

const list = async (who: Person) =>
  (await who.client.get('/api/chat/conversations')).json<{ conversations: Conversation[] }>()
    .conversations;
const messagesOf = async (who: Person, id: string, query = '') =>
  (await who.client.get(`/api/chat/conversations/${id}/messages${query}`)).json<{
    messages: Message[];
    hasMore: boolean;
  }>();

describe('starting a conversation', () => {
  it('creates one (201) and answers the same one for the pair after that (200), either way round', async () => {
    const first = await ada.client.post('/api/chat/conversations', { participantId: bob.userId });
    expect(first.status).toBe(201);
    const created = first.json<{ conversation: Conversation }>().conversation;
    expect(created).toMatchObject({
      participant_one_id: ada.userId,
      participant_two_id: bob.userId,
      other_participant: { id: bob.userId, full_name: 'Bob Marley', email: bob.email },
      last_message: null,
      unread_count: 0,
    });
    const again = await ada.client.post('/api/chat/conversations', { participantId: bob.userId });
    expect(again.status).toBe(200);
    const fromBob = await bob.client.post('/api/chat/conversations', { participantId: ada.userId });
    expect(fromBob.status).toBe(200);
    expect(fromBob.json<{ conversation: Conversation }>().conversation).toMatchObject({
      id: created.id,
      other_participant: { id: ada.userId, full_name: 'Ada Lovelace' },
    });
  });

  it('gives one conversation when both start it at the same moment', async () => {
    const dee = await person(app, 'Dee Dee');
    const answers = await Promise.all([
      dee.client.post('/api/chat/conversations', { participantId: cyd.userId }),
      cyd.client.post('/api/chat/conversations', { participantId: dee.userId }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    const ids = answers.map((a) => a.json<{ conversation: Conversation }>().conversation.id);
    expect(ids[0]).toBe(ids[1]);
  });

  it('refuses yourself, nobody and a malformed id', async () => {
    const self = await ada.client.post('/api/chat/conversations', { participantId: ada.userId });
    expect(self.status).toBe(400);
    expect(self.json()).toMatchObject({ message: 'You cannot start a conversation with yourself' });
    const nobody = await ada.client.post('/api/chat/conversations', {
      participantId: randomUUID(),
    });
    expect(nobody.status).toBe(404);
    expect(nobody.json()).toMatchObject({ message: 'User not found', code: 'NOT_FOUND' });
    const malformed = await ada.client.post('/api/chat/conversations', { participantId: 'bob' });
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('sending a text message', () => {
  it('trims the text and enforces the spec rules with its exact messages', async () => {
    const { id } = await startConversation(ada, bob);
    const cases: [unknown, string][] = [
      ['', 'Content cannot be empty'],
      ['   \n\t ', 'Content cannot be empty'],
      [undefined, 'Content cannot be empty'],
      ['x'.repeat(10_001), 'Content is too long (maximum 10,000 characters)'],
      ['<script>alert(1)</script>', 'Content contains potentially harmful code'],
      ['hello <SCRIPT src="//evil.example/x.js">', 'Content contains potentially harmful code'],
      ['click javascript:alert(1)', 'Content contains potentially harmful code'],
      ['VBScript:MsgBox("hi")', 'Content contains potentially harmful code'],
      ['see data:text/html;base64,PHNjcmlwdD4=', 'Content contains potentially harmful code'],
      ['<img src=x onerror=alert(1)>', 'Content contains potentially harmful code'],
      ['<a onclick = "steal()">hi</a>', 'Content contains potentially harmful code'],
      ['<body ONLOAD=go()>', 'Content contains potentially harmful code'],
    ];
    for (const [content, message] of cases) {
      const response = await ada.client.post(`/api/chat/conversations/${id}/messages`, {
        clientId: randomUUID(),
        content,
      });
      expect({ content, status: response.status, body: response.json() }).toMatchObject({
        status: 400,
        body: { message, code: 'VALIDATION', errors: [{ path: 'content', message }] },
      });
    }
    // Words that merely look alike are fine, and 10,000 characters after trimming is the limit.
    const fine = await sent(ada, id, '  I read the script; the page onload time was slow.  ');
    expect(fine.content).toBe('I read the script; the page onload time was slow.');
    const longest = await send(ada, id, ` ${'y'.repeat(10_000)} `);
    expect(longest.status).toBe(201);
    expect((await messagesOf(ada, id)).messages).toHaveLength(2);
  });

  it('answers the message with its sender, seq and the spec fields', async () => {
    const { id } = await startConversation(ada, cyd);
    const clientId = randomUUID();
    const response = await send(ada, id, 'Hello Cyd', clientId);
    expect(response.status).toBe(201);
    expect(response.json<{ message: Message }>().message).toMatchObject({
      client_id: clientId,
      conversation_id: id,
      user_id: ada.userId,
      content: 'Hello Cyd',
      input_type: 'text',
      privacy_level: 'shared',
      emotional_state: {},
      audio_url: null,
      media_file_id: null,
      media: null,
      sender: { id: ada.userId, full_name: 'Ada Lovelace', email: ada.email },
    });
    expect(response.json<{ message: Message }>().message.seq).toMatch(/^\d+$/);
  });

  it('is idempotent: the same clientId answers the first message and adds nothing', async () => {
    const { id } = await startConversation(bob, cyd);
    const clientId = randomUUID();
    const first = await send(bob, id, 'only once', clientId);
    const retry = await send(bob, id, 'only once', clientId);
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.json()).toEqual(first.json());
    const racedId = randomUUID();
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => send(bob, id, 'raced', racedId)),
    );
    expect(racing.filter((r) => r.status === 201)).toHaveLength(1);
    const { messages } = await messagesOf(cyd, id);
    expect(messages.map((m) => m.content)).toEqual(['only once', 'raced']);
    // The same id from the other person is their own message.
    expect((await send(cyd, id, 'mine', clientId)).status).toBe(201);
    // The same id in another conversation of the same sender is a client bug: 409.
    const other = await startConversation(bob, ada);
    const reused = await send(bob, other.id, 'elsewhere', clientId);
    expect(reused.status).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'CLIENT_ID_REUSED' });
  });
});

describe('message numbers', () => {
  it("count within each conversation only, so they tell nothing of other people's chats", async () => {
    const eve = await person(app, 'Eve Number');
    const fox = await person(app, 'Fox Number');
    const gus = await person(app, 'Gus Number');
    const mine = await startConversation(eve, fox);
    const theirs = await startConversation(fox, gus);
    expect((await sent(eve, mine.id, 'one')).seq).toBe('1');
    for (let i = 0; i < 5; i++) await sent(fox, theirs.id, `elsewhere ${i}`);
    expect((await sent(fox, mine.id, 'two')).seq).toBe('2');
    expect((await sent(gus, theirs.id, 'six')).seq).toBe('6');
    // A retried clientId takes no number.
    const retried = randomUUID();
    await send(eve, mine.id, 'three', retried);
    await send(eve, mine.id, 'three', retried);
    expect((await sent(eve, mine.id, 'four')).seq).toBe('4');
    const { conversations } = (await fox.client.get('/api/chat/conversations')).json<{
      conversations: Conversation[];
    }>();
    expect(conversations.find((c) => c.id === mine.id)?.last_message?.seq).toBe('4');
    expect(
      (await fox.client.post(`/api/chat/conversations/${mine.id}/read`, { seq: '4' })).json(),
    ).toEqual({ last_read_seq: '4' });
  });
});

describe('sending too fast', () => {
  it('refuses a flood of messages and files with a clear 429, counted per sender, and recovers', async () => {
    const flooder = await person(app, 'Flo Flood');
    const calm = await person(app, 'Cal Calm');
    const { id } = await startConversation(flooder, calm);
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => send(flooder, id, `m${i}`)),
    );
    expect(statuses.every((r) => r.status === 201)).toBe(true);
    const refused = await send(flooder, id, 'one more');
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'You are sending messages too fast. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
    const file = await upload(app, flooder.client, `/api/chat/conversations/${id}/attachments`, {
      filename: 'a.pdf',
      contentType: 'application/pdf',
      data: PDF,
    });
    expect(file.status).toBe(429);
    // The other person's budget is their own.
    expect((await send(calm, id, 'still here')).status).toBe(201);
    app.clock.advance(61_000);
    expect((await send(flooder, id, 'later')).status).toBe(201);
  });
});

describe('reading messages', () => {
  it('lists ascending with senders, pages by seq', async () => {
    const eve = await person(app, 'Eve Arden');
    const { id } = await startConversation(eve, ada);
    const sentOnes: Message[] = [];
    for (let i = 1; i <= 5; i++) sentOnes.push(await sent(i % 2 ? eve : ada, id, `m${i}`));
    const all = await messagesOf(ada, id);
    expect(all.messages.map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(all.messages.map((m) => m.sender.full_name)).toEqual([
      'Eve Arden',
      'Ada Lovelace',
      'Eve Arden',
      'Ada Lovelace',
      'Eve Arden',
    ]);
    expect(all.hasMore).toBe(false);
    const newest = await messagesOf(ada, id, '?limit=2');
    expect(newest).toMatchObject({ hasMore: true });
    expect(newest.messages.map((m) => m.content)).toEqual(['m4', 'm5']);
    const older = await messagesOf(ada, id, `?limit=2&beforeSeq=${sentOnes[3]?.seq}`);
    expect(older.messages.map((m) => m.content)).toEqual(['m2', 'm3']);
    const after = await messagesOf(ada, id, `?afterSeq=${sentOnes[1]?.seq}&limit=2`);
    expect(after).toMatchObject({ hasMore: true });
    expect(after.messages.map((m) => m.content)).toEqual(['m3', 'm4']);
    const bad = await ada.client.get(`/api/chat/conversations/${id}/messages?afterSeq=x`);
    expect(bad.status).toBe(400);
  });
});

describe('the conversation list', () => {
  it('orders by latest activity with the other person, a preview and unread counts', async () => {
    const fay = await person(app, 'Fay Wray');
    const withAda = await startConversation(fay, ada);
    const withBob = await startConversation(fay, bob);
    await sent(ada, withAda.id, 'from Ada');
    await sent(ada, withAda.id, 'Ada again');
    const last = await sent(bob, withBob.id, 'from Bob, newest');
    let rows = await list(fay);
    expect(rows.map((c) => c.id)).toEqual([withBob.id, withAda.id]);
    expect(rows[0]).toMatchObject({
      other_participant: { id: bob.userId, full_name: 'Bob Marley', email: bob.email },
      last_message: { id: last.id, content: 'from Bob, newest', user_id: bob.userId },
      unread_count: 1,
    });
    expect(rows[1]).toMatchObject({ unread_count: 2, last_message: { content: 'Ada again' } });

    // Fay answers Ada: that conversation moves to the top; her own message is not unread.
    await sent(fay, withAda.id, 'hi Ada');
    rows = await list(fay);
    expect(rows.map((c) => c.id)).toEqual([withAda.id, withBob.id]);
    expect(rows[0]?.unread_count).toBe(2);

    // Reading moves the position forward (never back, never past the newest message).
    const newestSeq = rows[0]?.last_message?.seq ?? '';
    const read = await fay.client.post(`/api/chat/conversations/${withAda.id}/read`, {
      seq: '999999999',
    });
    expect(read.json()).toEqual({ last_read_seq: newestSeq });
    await fay.client.post(`/api/chat/conversations/${withAda.id}/read`, { seq: '1' });
    rows = await list(fay);
    expect(rows[0]?.unread_count).toBe(0);
    const adaView = (await list(ada)).find((c) => c.id === withAda.id);
    expect(adaView).toMatchObject({ other_last_read_seq: newestSeq, unread_count: 1 });
    expect(
      (await ada.client.get(`/api/chat/conversations/${withAda.id}`)).json<{
        conversation: Conversation;
      }>().conversation,
    ).toMatchObject({ id: withAda.id, other_participant: { full_name: 'Fay Wray' } });
  });

  it("shows 'Unknown User' for a missing profile and keeps a deleted sender's messages", async () => {
    const gil = await person(app, 'Gil Scott');
    const hal = await person(app, 'Hal Hartley');
    const { id } = await startConversation(gil, hal);
    await sent(hal, id, 'remember me');
    await app.database.db.delete(profiles).where(eq(profiles.userId, hal.userId));
    expect((await list(gil))[0]?.other_participant).toEqual({
      id: hal.userId,
      full_name: 'Unknown User',
      email: null,
    });
    // Account deletion removes the user row; the conversation and message stay for Gil.
    await app.database.db.delete(users).where(eq(users.id, hal.userId));
    const [row] = await list(gil);
    expect(row).toMatchObject({
      id,
      other_participant: { id: null, full_name: 'Deleted user', email: null },
    });
    const { messages } = await messagesOf(gil, id);
    expect(messages).toMatchObject([
      { content: 'remember me', user_id: null, sender: { id: null, full_name: 'Deleted user' } },
    ]);
    expect((await sent(gil, id, 'still here')).content).toBe('still here');
  });
});

describe('finding people', () => {
  it('matches part of a name or email in any case, without the caller, at most 10', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const searcher = await person(app, `Iris ${tag}`);
    // Findable, or people the searcher talks with: nobody else is listed (directory.test.ts).
    for (let i = 0; i < 11; i++)
      await findable(await person(app, `Member${i} ${tag.toUpperCase()}`));
    await startConversation(searcher, bob);
    await startConversation(searcher, ada);
    const search = (q: string) =>
      searcher.client.get(`/api/users/search?q=${encodeURIComponent(q)}`);
    const found = (await search(tag)).json<{ users: UserSearchResult[] }>().users;
    expect(found).toHaveLength(10);
    expect(found.every((u) => u.full_name.includes(tag.toUpperCase()))).toBe(true);
    expect(found.some((u) => u.user_id === searcher.userId)).toBe(false);
    expect(found[0]).toEqual({
      id: expect.any(String) as string,
      user_id: expect.any(String) as string,
      full_name: `Member0 ${tag.toUpperCase()}`,
      email: expect.stringContaining('@example.com') as string,
    });
    const byEmail = (await search(bob.email.slice(0, 12).toUpperCase())).json<{
      users: UserSearchResult[];
    }>().users;
    expect(byEmail.map((u) => u.user_id)).toEqual([bob.userId]);
    expect((await search('ovelac')).json<{ users: UserSearchResult[] }>().users).toMatchObject([
      { user_id: ada.userId, full_name: 'Ada Lovelace' },
    ]);
    // Wildcards typed by the person match themselves, not everything.
    expect((await search('%')).json<{ users: unknown[] }>().users).toEqual([]);
    for (const blank of ['', '   ']) {
      const response = await search(blank);
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Enter a name or email to search' });
    }
    expect((await searcher.client.get('/api/users/search')).status).toBe(400);
    expect((await new TestClient(app.app).get(`/api/users/search?q=${tag}`)).status).toBe(401);
  });
});

describe('who may see a conversation', () => {
  it('answers 404 to everyone but its two participants, on every endpoint', async () => {
    const { id } = await startConversation(ada, bob);
    const message = await sent(ada, id, 'private');
    const outsider = cyd.client;
    const base = `/api/chat/conversations/${id}`;
    const attempts = [
      outsider.get(base),
      outsider.get(`${base}/messages`),
      outsider.post(`${base}/messages`, { clientId: randomUUID(), content: 'let me in' }),
      outsider.post(`${base}/read`, { seq: message.seq }),
      outsider.post(`${base}/typing`, { typing: true }),
      outsider.get(`/api/chat/conversations/${randomUUID()}/messages`),
      outsider.get('/api/chat/conversations/not-a-uuid/messages'),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await list(cyd)).some((c) => c.id === id)).toBe(false);
    expect((await messagesOf(bob, id)).messages.map((m) => m.content)).toContain('private');

    const anonymous = new TestClient(app.app);
    expect((await anonymous.get('/api/chat/conversations')).status).toBe(401);
    expect((await anonymous.get(`${base}/messages`)).status).toBe(401);
    // A state-changing request without the anti-forgery token is refused.
    const noToken = await ada.client.request('POST', `${base}/messages`, {
      body: { clientId: randomUUID(), content: 'x' },
      headers: { 'x-csrf-token': 'wrong' },
    });
    expect(noToken.status).toBe(403);
  });
});
