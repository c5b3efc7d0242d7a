import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionEngine } from '../speech/transcription-engine';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';
import { person, startConversation, upload, WEBM } from '../../../test/fixtures/chat-fixtures';

// A stand-in for the external speech-to-text service (what STT_BASE_URL points at); the job
// queue, the chat hook and the realtime path are the real ones.
const engine: TranscriptionEngine = {
  name: 'openai-compatible',
  description: 'test engine',
  available: () => Promise.resolve(true),
  transcribe: () => Promise.resolve('  See you at noon  '),
};

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, { speechEngines: [engine] });
});
afterAll(async () => {
  await app.close();
});

describe('voice message transcripts', () => {
  it('arrive in place of "[Voice message]" through the speech queue', async () => {
    const ada = await person(app, 'Ada Lovelace');
    const bob = await person(app, 'Bob Marley');
    const { id } = await startConversation(ada, bob);
    const socket = await TestSocket.open(await listen(app), bob.client);
    socket.send({ type: 'subscribe', room: `conversation:${id}` });
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');

    const voice = await upload(app, ada.client, `/api/chat/conversations/${id}/voice`, {
      filename: 'voice.webm',
      contentType: 'audio/webm',
      data: WEBM,
    });
    expect(voice.message().content).toBe('[Voice message]');
    const updated = await socket.next(
      (m) => m.type === 'event' && m.name === 'message.updated',
      15_000,
    );
    expect(updated).toMatchObject({
      data: {
        message: { id: voice.message().id, content: 'See you at noon', input_type: 'audio' },
      },
    });
    socket.close();
  });
});
