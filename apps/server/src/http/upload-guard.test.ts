import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let port: number;
beforeAll(async () => {
  app = await createTestApp();
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  port = address.port;
});
afterAll(async () => {
  await app.close();
});

/**
 * Announces a large body, sends only its first kilobyte, and waits for the status line. A server
 * that reads or parses the body first never answers until the rest arrives.
 */
function statusBeforeBodyEnds(
  path: string,
  contentType: string,
  extraHeaders = '',
): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer from ${path} while the body was still coming`));
    }, 8_000);
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      if (status) {
        clearTimeout(timer);
        socket.destroy();
        resolve(Number(status));
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.write(
      `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: ${contentType}\r\n` +
        `content-length: ${12 * 1024 * 1024}\r\n${extraHeaders}\r\n`,
    );
    socket.write(Buffer.alloc(1024, 0x41));
  });
}

describe('a signed-out upload', () => {
  it('gets 401 for transcription before its 12 MB of JSON are read', async () => {
    expect(await statusBeforeBodyEnds('/api/speech/transcribe', 'application/json')).toBe(401);
  });

  it('gets 401 with a made-up session cookie too', async () => {
    const cookie = 'cookie: kaleido.session_token=forged-token-value\r\n';
    expect(await statusBeforeBodyEnds('/api/speech/transcribe', 'application/json', cookie)).toBe(
      401,
    );
  });

  it('gets 401 for every multipart upload before the file is streamed', async () => {
    const form = 'multipart/form-data; boundary=----kaleido';
    for (const path of [
      '/api/profile/avatar',
      '/api/voice-notes',
      '/api/chat/conversations/00000000-0000-4000-8000-000000000000/attachments',
    ]) {
      expect(await statusBeforeBodyEnds(path, form), path).toBe(401);
    }
  });
});
