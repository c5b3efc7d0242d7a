import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageUsage } from '@kaleido/shared/storage/storage.schemas';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { audio } from '../../../test/fixtures/journal-fixtures';
import type { TestClient } from '../../../test/http-client';
import { multipart } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { JOURNAL_LIMITS } from '../journal/journal-limits';
import { VOICE_NOTE_UPLOAD_LIMIT } from '../voice-notes/voice-notes.routes';
import { createDiskReserve } from './disk-reserve';

const MiB = 1024 * 1024;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ STORAGE_QUOTA_MB: '1' });
});
afterAll(async () => {
  await app.close();
});

const usageOf = async (client: TestClient) =>
  (await client.get('/api/account/storage')).json<StorageUsage>();

const voiceNote = (client: TestClient, bytes: number) =>
  client.upload(
    '/api/voice-notes',
    multipart(
      { durationMs: '2000' },
      {
        name: 'note.webm',
        type: 'audio/webm',
        data: Buffer.concat([audio, randomBytes(Math.max(0, bytes - audio.length))]),
      },
    ),
  );

/** Security probe 2, N8: no quota on what a person stores. */
describe('a person’s storage quota (STORAGE_QUOTA_MB)', () => {
  it('counts files and journal text, refuses what does not fit with 507, and deleting makes room', async () => {
    const { client } = await signedInClient(app);
    expect(await usageOf(client)).toEqual({
      usedBytes: 0,
      quotaBytes: MiB,
      remainingBytes: MiB,
      parts: { files: 0, journalText: 0 },
    });

    const note = await voiceNote(client, 1_000_000);
    expect(note.status).toBe(201);
    const entry = await client.post('/api/journal/entries', {
      title: 'Été',
      content: 'x'.repeat(10_000),
    });
    expect(entry.status).toBe(201);
    const usage = await usageOf(client);
    expect(usage.parts.files).toBe(1_000_000);
    expect(usage.parts.journalText).toBe(10_000 + Buffer.byteLength('Été'));
    expect(usage.usedBytes).toBe(usage.parts.files + usage.parts.journalText);
    expect(usage.remainingBytes).toBe(MiB - usage.usedBytes);

    // An upload that outgrows the room left is stopped while streaming; nothing is kept.
    const tooMuch = await voiceNote(client, 100_000);
    expect(tooMuch.status).toBe(507);
    expect(tooMuch.json()).toMatchObject({ code: 'STORAGE_QUOTA' });
    expect(tooMuch.json<{ message: string }>().message).toMatch(
      /^Your storage space is full, so this was not saved\. .* You use 1\.01 MB of 1\.05 MB\.$/,
    );
    expect((await usageOf(client)).usedBytes).toBe(usage.usedBytes);

    // Text that does not fit is refused too (entries, edits, drafts).
    const long = { content: 'y'.repeat(10_000) };
    const entries = [];
    for (let i = 0; i < 4; i++)
      entries.push((await client.post('/api/journal/entries', long)).status);
    expect(entries).toContain(507);
    const draft = await client.request('PUT', '/api/journal/drafts/new', { body: long });
    expect(draft.status).toBe(507);
    expect(draft.json()).toMatchObject({ code: 'STORAGE_QUOTA' });

    // Deleting is never refused, and frees the room it held.
    const noteId = note.json<{ id: string }>().id;
    expect((await client.request('DELETE', `/api/voice-notes/${noteId}`)).status).toBe(200);
    expect((await usageOf(client)).parts.files).toBe(0);
    expect((await voiceNote(client, 100_000)).status).toBe(201);
  });

  it('is each person’s own: one full quota does not touch another’s', async () => {
    const full = await signedInClient(app);
    expect((await voiceNote(full.client, 1_040_000)).status).toBe(201);
    expect((await voiceNote(full.client, 60_000)).status).toBe(507);
    const other = await signedInClient(app);
    expect((await voiceNote(other.client, 60_000)).status).toBe(201);
    expect((await usageOf(other.client)).parts.files).toBe(60_000);
  });

  it('answers 401 signed out', async () => {
    const { client } = await signedInClient(app);
    await client.post('/api/auth/sign-out');
    expect((await client.get('/api/account/storage')).status).toBe(401);
  });
});

describe('write rates (N8)', () => {
  it('limits new journal entries per person', { timeout: 90_000 }, async () => {
    const { client } = await signedInClient(app);
    const statuses: number[] = [];
    for (let i = 0; i < JOURNAL_LIMITS.entries.max; i++)
      statuses.push((await client.post('/api/journal/entries', { content: `n${i}` })).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await client.post('/api/journal/entries', { content: 'one more' });
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: JOURNAL_LIMITS.entries.message,
    });
    expect(refused.headers['retry-after']).toBeDefined();
    // Counted per person: someone else still writes.
    const other = await signedInClient(app);
    expect((await other.client.post('/api/journal/entries', { content: 'mine' })).status).toBe(201);
  });

  it('limits tag changes per person', { timeout: 90_000 }, async () => {
    const { client } = await signedInClient(app);
    for (let i = 0; i < JOURNAL_LIMITS.tags.max; i++)
      await client.post('/api/journal/tags', { name: `tag ${i}` });
    expect((await client.post('/api/journal/tags', { name: 'last' })).status).toBe(429);
  });

  it('limits draft saves per person', { timeout: 120_000 }, async () => {
    const { client } = await signedInClient(app);
    let draftStatus = 0;
    for (let i = 0; i <= JOURNAL_LIMITS.drafts.max && draftStatus !== 429; i++)
      draftStatus = (
        await client.request('PUT', '/api/journal/drafts/new', { body: { content: `d${i}` } })
      ).status;
    expect(draftStatus).toBe(429);
  });

  it('refuses voice-note recordings past the pace', { timeout: 90_000 }, async () => {
    const { client } = await signedInClient(app);
    let status = 0;
    for (let i = 0; i <= VOICE_NOTE_UPLOAD_LIMIT.max; i++)
      status = (await voiceNote(client, 2_000)).status;
    expect(status).toBe(429);
  });
});

describe('the free-disk reserve', () => {
  it('has room until the free space, less what comes, reaches the reserve', async () => {
    let free = 600 * MiB;
    let now = 0;
    const reserve = createDiskReserve({
      dir: '/unused',
      reserveBytes: 512 * MiB,
      now: () => now,
      freeBytes: () => Promise.resolve(free),
    });
    expect(await reserve.hasRoom(50 * MiB)).toBe(true);
    expect(await reserve.hasRoom(100 * MiB)).toBe(false);
    free = 100 * MiB;
    expect(await reserve.hasRoom()).toBe(true); // asked again only after a second
    now += 1_001;
    expect(await reserve.hasRoom()).toBe(false);
    const off = createDiskReserve({
      dir: '/unused',
      reserveBytes: 0,
      freeBytes: () => Promise.resolve(0),
    });
    expect(await off.hasRoom(MiB)).toBe(true);
  });
});
