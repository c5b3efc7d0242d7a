import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('413 over the limit closes the connection, and the next upload is answered', async () => {
    const { client } = await signedInClient(app);
    const http = keepAliveClient(port, client);
    try {
      const tooLarge = avatar(Buffer.concat([PNG, Buffer.alloc(12 * 1024 * 1024, 1)]));
      const refused = await http.send('POST', '/api/profile/avatar', tooLarge);
      expect(refused.status).toBe(413);
      const next = await http.send('POST', '/api/profile/avatar', avatar(PNG));
      expect(next.status).toBe(200);
      expect(refused.connection).toBe('close');
      // An answer with the whole body read keeps the connection for the next request.
      expect(next.connection).not.toBe('close');
      expect((await http.send('GET', '/api/account/storage')).status).toBe(200);
      expect(http.connections()).toBe(2);
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
      expect(refused.connection).toBe('close');
      const again = await http.send('POST', '/api/profile/avatar', upload);
      expect(again.status).toBe(507);
      // Reading still works, and so does telling the person where they stand.
      const usage = await http.send('GET', '/api/account/storage');
      expect(usage.status).toBe(200);
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
});
