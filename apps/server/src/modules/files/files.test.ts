import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFile } from '../../http/send-file';
import {
  AVATAR_POLICY,
  CHAT_MEDIA_POLICY,
  GENERIC_UPLOAD_POLICY,
} from '@kaleido/shared/files/upload-policies';
import { AppError, registerErrorHandling } from '../../http/errors';
import { person, startConversation, upload } from '../../../test/fixtures/chat-fixtures';
import { uploadAvatar } from '../../../test/fixtures/profile.fixtures';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { canMount } from '../../../test/can-mount';

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
    server.get('/f', async (request, reply) =>
      sendFile(request, reply, await app.files.open(row, request.log)),
    );
    try {
      const whole = await server.inject({ url: '/f' });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('application/pdf');
      // A PDF rendered on our origin could run script in our name: always a download.
      expect(whole.headers['content-disposition']).toBe("attachment; filename*=UTF-8''report.pdf");
      // Private media must not stay in the browser cache after sign-out.
      expect(whole.headers['cache-control']).toBe('private, no-store');
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

  it('plays pictures inline, and serves text as a download', async () => {
    const picture = await store(CHAT_MEDIA_POLICY, PNG, 'sunset.png');
    const text = await store(GENERIC_UPLOAD_POLICY, Buffer.from('<script>alert(1)</script>'));
    const server = Fastify();
    server.get('/picture', async (request, reply) =>
      sendFile(request, reply, await app.files.open(picture, request.log)),
    );
    server.get('/text', async (request, reply) =>
      sendFile(request, reply, await app.files.open(text, request.log), 'inline'),
    );
    try {
      const shown = await server.inject({ url: '/picture' });
      expect(shown.headers['content-disposition']).toBe("inline; filename*=UTF-8''sunset.png");
      expect(shown.headers['cache-control']).toBe('private, no-store');
      const downloaded = await server.inject({ url: '/text' });
      expect(String(downloaded.headers['content-disposition'])).toMatch(/^attachment;/);
    } finally {
      await server.close();
    }
  });

  it('answers a file whose bytes are gone with 404 and a message, and logs it', async () => {
    const row = await store(CHAT_MEDIA_POLICY, PNG);
    rmSync(join(app.config.DATA_DIR, 'files', row.storageKey));
    const logged: string[] = [];
    const server = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
    });
    registerErrorHandling(server);
    server.get('/f', async (request, reply) =>
      sendFile(request, reply, await app.files.open(row, request.log)),
    );
    try {
      const response = await server.inject({ url: '/f' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        message: 'This file is no longer available.',
        code: 'FILE_MISSING',
      });
      expect(logged.join('')).toContain('stored file is missing');
      expect(logged.join('')).toContain(row.id);
    } finally {
      await server.close();
    }
  });

  it('answers a missing avatar with 404 through the real route', async () => {
    const { client } = await signedInClient(app);
    const uploaded = await uploadAvatar(app, client, PNG);
    expect(uploaded.status).toBe(200);
    const url = uploaded.json<{ values: { avatar_url: string } }>().values.avatar_url;
    const shown = await client.get(url);
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('private, no-store');
    const row = await app.files.find(url.split('/').at(-1) ?? '');
    rmSync(join(app.config.DATA_DIR, 'files', row?.storageKey ?? 'missing'));
    const missing = await client.get(url);
    expect(missing.status).toBe(404);
    expect(missing.json().message).toBe('This file is no longer available.');
  });

  it('serves a chat PDF as a private download, and a lost one as 404, through the real route', async () => {
    const [ana, ben] = [await person(app, 'Ana Files'), await person(app, 'Ben Files')];
    const conversation = await startConversation(ana, ben);
    const sentPdf = await upload(
      app,
      ana.client,
      `/api/chat/conversations/${conversation.id}/attachments`,
      { filename: 'results.pdf', contentType: 'application/pdf', data: PDF },
    );
    expect(sentPdf.status).toBe(201);
    const media = sentPdf.message().media;
    if (!media) throw new Error('no media on the message');
    const received = await ben.client.get(media.url);
    expect(received.status).toBe(200);
    expect(received.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''results.pdf",
    );
    expect(received.headers['cache-control']).toBe('private, no-store');
    const row = await app.files.find(media.url.split('/').at(-1) ?? '');
    rmSync(join(app.config.DATA_DIR, 'files', row?.storageKey ?? 'missing'));
    const lost = await ben.client.get(media.url);
    expect(lost.status).toBe(404);
    expect(lost.json().message).toBe('This file is no longer available.');
  });

  it('removes bytes and row together', async () => {
    const row = await store(CHAT_MEDIA_POLICY, PNG);
    await app.files.remove([row]);
    expect(await app.files.find(row.id)).toBeNull();
    expect(existsSync(join(app.config.DATA_DIR, 'files', row.storageKey))).toBe(false);
  });
});

describe('uploads when the disk fails', () => {
  // The bytes of an avatar whose content is checked only after it is written: the disk fails first.
  const upload = Buffer.concat([PNG, Buffer.alloc(256 * 1024, 1)]);

  it('answers 503 with a message when storage cannot be written (root is no obstacle)', async () => {
    const { client } = await signedInClient(app);
    const tempDir = join(app.config.DATA_DIR, 'files', '.tmp');
    rmSync(tempDir, { recursive: true, force: true });
    writeFileSync(tempDir, 'a file where the upload directory should be');
    try {
      const response = await uploadAvatar(app, client, upload);
      expect(response.status).toBe(503);
      expect(response.json()).toMatchObject({
        message:
          'File storage is not available right now, so the file was not saved. Please try again later.',
        code: 'STORAGE_UNAVAILABLE',
      });
    } finally {
      rmSync(tempDir, { force: true });
    }
  });

  it.runIf(canMount())('answers 507 on a full disk and 503 on a read-only one', async () => {
    const { client } = await signedInClient(app);
    const tempDir = join(app.config.DATA_DIR, 'files', '.tmp');
    mkdirSync(tempDir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', tempDir]);
    try {
      const full = await uploadAvatar(app, client, upload);
      expect(full.status).toBe(507);
      expect(full.json()).toMatchObject({
        message:
          'The server has run out of storage space, so the file was not saved. Please try again later.',
        code: 'STORAGE_FULL',
      });
      expect(readdirSync(tempDir)).toEqual([]); // the partial file is not left behind
      execFileSync('mount', ['-o', 'remount,ro', tempDir]);
      const readOnly = await uploadAvatar(app, client, upload);
      expect(readOnly.status).toBe(503);
      expect(readOnly.json().code).toBe('STORAGE_UNAVAILABLE');
    } finally {
      execFileSync('umount', [tempDir]);
    }
  });

  // Security probe 2, N20: on a fresh mount nothing exists yet, and making .tmp fails with ENOENT.
  it.runIf(canMount())(
    'answers 503, not 500, on a fresh, empty, read-only files mount',
    async () => {
      const { client } = await signedInClient(app);
      const filesDir = join(app.config.DATA_DIR, 'files');
      mkdirSync(filesDir, { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', filesDir]);
      try {
        const response = await uploadAvatar(app, client, upload);
        expect(response.status).toBe(503);
        expect(response.json()).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
      } finally {
        execFileSync('umount', [filesDir]);
      }
    },
  );
});
