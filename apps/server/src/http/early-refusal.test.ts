import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@kaleido/shared/http/api-error';
import { signedInClient } from '../../test/fixtures/accounts-fixtures';
import { keepAliveClient } from '../../test/keep-alive-client';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

// Smallest valid PNG (1×1): an avatar the server takes.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201e2b2a51b0000000049454e44ae426082',
  'hex',
);
const avatar = (bytes: Buffer) => multipart({}, { name: 'me.png', type: 'image/png', data: bytes });

async function listening(app: TestApp): Promise<number> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Security probe 2, N16: an upload refused before its body is read (413, 507) left the rest of
 * the body in a kept-alive connection, and the next upload on it never got an answer.
 */
describe('an upload refused early, on a kept-alive connection', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp();
    port = await listening(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('413 over the limit, and the next upload on the same connection is answered', async () => {
    const { client } = await signedInClient(app);
    const http = keepAliveClient(port, client);
    try {
      const tooLarge = avatar(Buffer.concat([PNG, Buffer.alloc(12 * 1024 * 1024, 1)]));
      const refused = await http.send('POST', '/api/profile/avatar', tooLarge);
      expect(refused.status).toBe(413);
      const next = await http.send('POST', '/api/profile/avatar', avatar(PNG));
      expect(next.status).toBe(200);
      expect((await http.send('GET', '/api/account/storage')).status).toBe(200);
      // The refused body was read and dropped: the connection served the requests after it.
      expect(refused.connection).not.toBe('close');
      expect(http.connections()).toBe(1);
    } finally {
      http.close();
    }
  });
});

describe('below the free-disk reserve', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    // A reserve larger than any test machine's disk: every write is below it.
    app = await createTestApp({ STORAGE_RESERVE_MB: String(1024 * 1024 * 1024) });
    port = await listening(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses uploads and journal writes with 507 before reading, and the connection recovers', async () => {
    const { client } = await signedInClient(app);
    const http = keepAliveClient(port, client);
    try {
      const upload = avatar(Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024, 1)]));
      const refused = await http.send('POST', '/api/profile/avatar', upload);
      expect(refused.status).toBe(507);
      expect(JSON.parse(refused.body)).toMatchObject({
        code: 'STORAGE_RESERVE',
        message:
          'The server is running low on storage space, so this was not saved. Please try again later.',
      });
      const again = await http.send('POST', '/api/profile/avatar', upload);
      expect(again.status).toBe(507);
      // Reading still works, and so does telling the person where they stand.
      const usage = await http.send('GET', '/api/account/storage');
      expect(usage.status).toBe(200);
      expect(http.connections()).toBe(1);
    } finally {
      http.close();
    }
    const entry = await client.post('/api/journal/entries', { content: 'A thought.' });
    expect(entry.status).toBe(507);
    expect(entry.json()).toMatchObject({ code: 'STORAGE_RESERVE' });
    const draft = await client.request('PUT', '/api/journal/drafts/new', {
      body: { content: 'typing' },
    });
    expect(draft.json()).toMatchObject({ code: 'STORAGE_RESERVE' });
  });

  it('closes the connection when the body announced is too large to drop', async () => {
    const { client } = await signedInClient(app);
    const form = avatar(PNG);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      const timer = setTimeout(() => reject(new Error('no answer')), 8_000);
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        if (received.includes('\r\n\r\n')) {
          clearTimeout(timer);
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', reject);
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      socket.write(
        `POST /api/profile/avatar HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: ${form.contentType}\r\n` +
          `content-length: ${1024 * 1024 * 1024}\r\ncookie: ${cookie}\r\n` +
          `${CSRF_HEADER}: ${client.csrfToken ?? ''}\r\n\r\n`,
      );
      socket.write(form.payload.subarray(0, form.payload.length - 40));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 507/);
    expect(answer.toLowerCase()).toContain('connection: close');
  });
});
