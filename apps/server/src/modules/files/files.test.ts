import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AVATAR_POLICY,
  CHAT_MEDIA_POLICY,
  GENERIC_UPLOAD_POLICY,
} from '@kaleido/shared/files/upload-policies';
import { AppError } from '../../http/errors';
import { signedInClient } from '../../../test/accounts-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let ownerId: string;
beforeAll(async () => {
  app = await createTestApp();
  ownerId = (await signedInClient(app)).userId;
});
afterAll(async () => {
  await app.close();
});

// Smallest valid PNG (1×1) and a PDF header: what real files start with.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201e2b2a51b0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function store(policy: typeof CHAT_MEDIA_POLICY, bytes: Buffer, filename = 'file.bin') {
  return app.files.store({
    ownerId,
    purpose: 'test',
    policy,
    filename,
    stream: Readable.from([bytes]),
  });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('file storage', () => {
  it('stores by content type, whatever the name says, under DATA_DIR/files', async () => {
    const row = await store(CHAT_MEDIA_POLICY, PNG, 'holiday.pdf');
    expect(row).toMatchObject({
      mime: 'image/png',
      sizeBytes: PNG.length,
      originalName: 'holiday.pdf',
      ownerId,
    });
    expect(existsSync(join(app.config.DATA_DIR, 'files', row.storageKey))).toBe(true);
    expect((await store(CHAT_MEDIA_POLICY, PDF)).mime).toBe('application/pdf');
  });

  it('refuses a type the policy does not take, with its message, keeping nothing', async () => {
    const before = readdirSync(join(app.config.DATA_DIR, 'files')).length;
    const error = await rejection(store(AVATAR_POLICY, PDF, 'face.png'));
    expect(error.statusCode).toBe(415);
    expect(error.message).toBe('Please choose a PNG, JPEG, WebP or GIF image.');
    expect(readdirSync(join(app.config.DATA_DIR, 'files', '.tmp'))).toEqual([]);
    expect(readdirSync(join(app.config.DATA_DIR, 'files')).length).toBe(before);
  });

  it('stops a file over the limit while streaming, with the spec message', async () => {
    const big = Readable.from(
      (function* () {
        for (let i = 0; i < 11; i++) yield Buffer.alloc(1024 * 1024, i === 0 ? 0x89 : 0);
      })(),
    );
    const error = await rejection(
      app.files.store({
        ownerId,
        purpose: 'test',
        policy: CHAT_MEDIA_POLICY,
        filename: 'big.png',
        stream: big,
      }),
    );
    expect(error.statusCode).toBe(413);
    expect(error.message).toBe('File size must be less than 10MB');
    expect(readdirSync(join(app.config.DATA_DIR, 'files', '.tmp'))).toEqual([]);
  });

  it('takes plain text by content, and refuses empty and binary junk', async () => {
    expect(
      (
        await store(
          GENERIC_UPLOAD_POLICY,
          Buffer.from('Dear diary,\nToday was calm.\n'),
          'notes.txt',
        )
      ).mime,
    ).toBe('text/plain');
    expect((await rejection(store(GENERIC_UPLOAD_POLICY, Buffer.alloc(0)))).message).toBe(
      'The file is empty.',
    );
    expect(
      (await rejection(store(GENERIC_UPLOAD_POLICY, Buffer.from([0, 1, 2, 3, 0, 255])))).statusCode,
    ).toBe(415);
  });

  it('serves whole files and byte ranges', async () => {
    const row = await store(CHAT_MEDIA_POLICY, PDF, 'report.pdf');
    const server = Fastify();
    server.get('/f', (request, reply) => app.files.send(request, reply, row));
    try {
      const whole = await server.inject({ url: '/f' });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('application/pdf');
      expect(whole.headers['content-disposition']).toBe("inline; filename*=UTF-8''report.pdf");
      expect(whole.rawPayload.equals(PDF)).toBe(true);
      const part = await server.inject({ url: '/f', headers: { range: 'bytes=0-3' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-3/${PDF.length}`);
      expect(part.body).toBe('%PDF');
      expect(
        (await server.inject({ url: '/f', headers: { range: `bytes=${PDF.length + 5}-` } }))
          .statusCode,
      ).toBe(416);
    } finally {
      await server.close();
    }
  });

  it('removes bytes and row together', async () => {
    const row = await store(CHAT_MEDIA_POLICY, PNG);
    await app.files.remove([row]);
    expect(await app.files.find(row.id)).toBeNull();
    expect(existsSync(join(app.config.DATA_DIR, 'files', row.storageKey))).toBe(false);
  });
});
