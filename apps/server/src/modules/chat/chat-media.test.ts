import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@kaleido/shared/chat/chat.schemas';
import type { ServerMessage } from '@kaleido/shared/realtime/events';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';
import {
  PDF,
  person,
  PNG,
  sent,
  startConversation,
  upload,
  WEBM,
  type Person,
} from '../../../test/fixtures/chat-fixtures';

let app: TestApp;
let url: string;
let ada: Person;
let bob: Person;
let cyd: Person;
let conversationId: string;
beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
  ada = await person(app, 'Ada Lovelace');
  bob = await person(app, 'Bob Marley');
  cyd = await person(app, 'Cyd Charisse');
  conversationId = (await startConversation(ada, bob)).id;
});
afterAll(async () => {
  await app.close();
});

const attach = (who: Person, file: Parameters<typeof upload>[3], clientId?: string) =>
  upload(app, who.client, `/api/chat/conversations/${conversationId}/attachments`, file, clientId);

describe('attachments', () => {
  it('sends an image as "[image file: name]" and serves it only to participants, with ranges', async () => {
    const response = await attach(ada, {
      filename: 'cat.png',
      contentType: 'image/png',
      data: PNG,
    });
    expect(response.status).toBe(201);
    const message = response.message();
    expect(message).toMatchObject({
      content: '[image file: cat.png]',
      input_type: 'image',
      audio_url: null,
      media: { mime: 'image/png', name: 'cat.png', size: PNG.length },
    });
    expect(message.media?.url).toBe(`/api/chat/media/${message.media_file_id ?? ''}`);

    const whole = await bob.client.get(message.media?.url ?? '');
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['content-length']).toBe(String(PNG.length));
    const part = await bob.client.get(message.media?.url ?? '', { range: 'bytes=1-3' });
    expect(part.status).toBe(206);
    expect(part.body).toBe('PNG');

    for (const outsider of [cyd.client, new TestClient(app.app)]) {
      expect((await outsider.get(message.media?.url ?? '')).status).toBe(
        outsider === cyd.client ? 404 : 401,
      );
    }
    expect((await bob.client.get(`/api/chat/media/${randomUUID()}`)).status).toBe(404);
    expect((await bob.client.get('/api/chat/media/nope')).status).toBe(404);
  });

  it('takes video and PDF by content, and refuses other types and empty requests', async () => {
    const pdf = await attach(bob, {
      filename: 'report.pdf',
      contentType: 'application/pdf',
      data: PDF,
    });
    expect(pdf.message()).toMatchObject({
      content: '[document file: report.pdf]',
      input_type: 'document',
    });
    const video = await attach(bob, {
      filename: 'clip.webm',
      contentType: 'video/webm',
      data: WEBM,
    });
    expect(video.message()).toMatchObject({
      content: '[video file: clip.webm]',
      input_type: 'video',
    });
    const text = await attach(bob, {
      filename: 'notes.png',
      contentType: 'image/png',
      data: Buffer.from('just text pretending to be an image'),
    });
    expect(text.status).toBe(415);
    expect(text.json()).toMatchObject({
      message: 'Only images, videos and PDF files can be shared in chat.',
    });
    const none = await attach(bob, null);
    expect(none.status).toBe(400);
    expect(none.json()).toMatchObject({ message: 'Choose a file to upload' });
  });

  it("refuses a file over 10 MB with the spec's message", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await attach(ada, {
      filename: 'huge.png',
      contentType: 'image/png',
      data: big,
    });
    expect(response.status).toBe(413);
    expect(response.json()).toMatchObject({
      message: 'File size must be less than 10MB',
      code: 'FILE_TOO_LARGE',
    });
  });

  it('is idempotent by clientId and closed to outsiders', async () => {
    const clientId = randomUUID();
    const file = { filename: 'twice.pdf', contentType: 'application/pdf', data: PDF };
    const first = await attach(ada, file, clientId);
    const retry = await attach(ada, file, clientId);
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.message().id).toBe(first.message().id);
    expect((await attach(ada, file, 'not-a-uuid')).status).toBe(400);
    const outsider = await upload(
      app,
      cyd.client,
      `/api/chat/conversations/${conversationId}/attachments`,
      file,
    );
    expect(outsider.status).toBe(404);
    const voiceOutsider = await upload(
      app,
      cyd.client,
      `/api/chat/conversations/${conversationId}/voice`,
      { filename: 'v.webm', contentType: 'audio/webm', data: WEBM },
    );
    expect(voiceOutsider.status).toBe(404);
  });
});

describe('voice messages', () => {
  it("shows '[Voice message]' with its audio at once, then the transcript in place", async () => {
    const socket = await TestSocket.open(url, bob.client);
    socket.send({ type: 'subscribe', room: `conversation:${conversationId}` });
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');

    const response = await upload(
      app,
      ada.client,
      `/api/chat/conversations/${conversationId}/voice`,
      { filename: 'voice.webm', contentType: 'audio/webm', data: WEBM },
      randomUUID(),
    );
    expect(response.status).toBe(201);
    const message = response.message();
    expect(message).toMatchObject({
      content: '[Voice message]',
      input_type: 'audio',
      audio_url: `/api/chat/media/${message.media_file_id ?? ''}`,
      media: { mime: 'video/webm', name: 'voice.webm' },
    });
    const audio = await bob.client.get(message.audio_url ?? '', { range: 'bytes=0-3' });
    expect(audio.status).toBe(206);
    await socket.next((m) => m.type === 'event' && m.name === 'message.created');

    // What the speech module does when the transcript is ready.
    const later = await sent(bob, conversationId, 'a later message');
    const updated = await app.chat.applyTranscript(message.id, '  Hello from my voice  ');
    expect(updated).toMatchObject({ id: message.id, content: 'Hello from my voice' });
    const live = await socket.next((m) => m.type === 'event' && m.name === 'message.updated');
    expect(live).toMatchObject({ data: { message: { id: message.id, seq: message.seq } } });
    expect(BigInt((live as { seq: string }).seq)).toBeGreaterThan(BigInt(later.seq));
    socket.close();

    // A tab that saw up to the later message resumes and gets the transcript.
    const resumed = await TestSocket.open(url, bob.client);
    resumed.send({
      type: 'subscribe',
      room: `conversation:${conversationId}`,
      afterSeq: later.seq,
    });
    const replayed = await resumed.next(
      (m: ServerMessage) => m.type === 'event' && m.room === `conversation:${conversationId}`,
    );
    expect(replayed).toMatchObject({
      name: 'message.updated',
      data: { message: { id: message.id, content: 'Hello from my voice' } },
    });
    resumed.close();
    const { messages } = (
      await bob.client.get(`/api/chat/conversations/${conversationId}/messages`)
    ).json<{ messages: Message[] }>();
    expect(messages.find((m) => m.id === message.id)?.content).toBe('Hello from my voice');
    expect(await app.chat.applyTranscript(randomUUID(), 'nobody')).toBeNull();
  });
});

describe("a participant's data and account", () => {
  it('exports what they sent; deleting data or the account keeps what the partner received', async () => {
    const ivy = await person(app, 'Ivy Compton');
    const jo = await person(app, 'Jo March');
    const { id } = await startConversation(ivy, jo);
    await sent(ivy, id, 'keep this for Jo');
    const photo = (
      await upload(app, ivy.client, `/api/chat/conversations/${id}/attachments`, {
        filename: 'photo.png',
        contentType: 'image/png',
        data: PNG,
      })
    ).message();

    const exported = (await ivy.client.get('/api/account/export')).json<{
      chat: { conversations: { id: string }[]; messages_sent: { content: string }[] };
    }>();
    expect(exported.chat.conversations.map((c) => c.id)).toEqual([id]);
    expect(exported.chat.messages_sent.map((m) => m.content)).toEqual([
      'keep this for Jo',
      '[image file: photo.png]',
    ]);

    expect((await ivy.client.post('/api/account/delete-data')).status).toBe(200);
    expect((await jo.client.get(photo.media?.url ?? '')).status).toBe(200);

    const deleted = await ivy.client.post('/api/account/delete', { password: ivy.password });
    expect(deleted.status).toBe(200);
    const { messages } = (await jo.client.get(`/api/chat/conversations/${id}/messages`)).json<{
      messages: Message[];
    }>();
    expect(messages.map((m) => [m.content, m.sender.full_name, m.user_id])).toEqual([
      ['keep this for Jo', 'Deleted user', null],
      ['[image file: photo.png]', 'Deleted user', null],
    ]);
  });
});
