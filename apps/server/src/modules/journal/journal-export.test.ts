import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { files } from '../../db/schema/files';
import {
  journalDrafts,
  journalEntries,
  journalEntryVersions,
  journalTags,
} from '../../db/schema/journal';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import {
  audio,
  entryOf,
  patch,
  recordVoice,
  setCreatedAt as setEntryCreatedAt,
  useVoiceApp,
  transcribed,
  TRANSCRIPT,
} from '../../../test/fixtures/journal-fixtures';

const voiceApp = useVoiceApp();
const setCreatedAt = (id: string, iso: string) => setEntryCreatedAt(voiceApp.app, id, iso);

describe('journal export', () => {
  it('exports one entry or a range as Markdown and as a PDF that reads back', async () => {
    const { client } = await signedInClient(voiceApp.app);
    await patch(client, '/api/profile', { field: 'timezone', value: 'Europe/Paris' });
    const first = await entryOf(client, {
      title: 'Talking to Ana',
      content: '# not a heading\nShe listened. Café au lait afterwards.',
      mood: 'happy',
      tags: ['friends', 'coffee'],
    });
    const second = await entryOf(client, { title: 'Rainy', content: 'Stayed in.', mood: 'sad' });
    await setCreatedAt(first.id, '2026-02-10T09:30:00.000Z');
    await setCreatedAt(second.id, '2026-02-20T18:00:00.000Z');

    const md = await client.get(`/api/journal/entries/${first.id}/export.md`);
    expect(md.status).toBe(200);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(String(md.headers['content-disposition'])).toMatch(
      /^attachment; filename="journal-entry-/,
    );
    expect(md.body).toContain('## Talking to Ana');
    expect(md.body).toContain(
      'Tuesday, 10 February 2026 at 10:30 · Mood: Happy · Tags: coffee, friends',
    );
    expect(md.body).toContain('\\# not a heading');
    expect(md.body).not.toContain('Rainy');

    const range = await client.get('/api/journal/export.md?from=2026-02-15&to=2026-02-28');
    expect(range.body).toContain('# Journal 2026-02-15 to 2026-02-28');
    expect(range.body).toContain('## Rainy');
    expect(range.body).not.toContain('Talking to Ana');
    expect(
      (await client.get('/api/journal/export.md?from=2026-03-01&to=2026-02-01')).json().message,
    ).toBe('The start date must be before the end date');

    const pdf = await client.request(
      'GET',
      '/api/journal/export.pdf?from=2026-02-01&to=2026-02-28',
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const raw = (
      await voiceApp.app.app.inject({
        method: 'GET',
        url: '/api/journal/export.pdf?from=2026-02-01&to=2026-02-28',
        headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      })
    ).rawPayload;
    const dir = mkdtempSync(join(tmpdir(), 'journal-pdf-'));
    writeFileSync(join(dir, 'journal.pdf'), raw);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'journal.pdf'), '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain('Talking to Ana');
    expect(text).toContain('Café au lait afterwards.');
    expect(text).toContain('Mood: Happy');
    expect(text).toContain('Tags: coffee, friends');
    expect(text).toContain('Rainy');
    expect(text.indexOf('Talking to Ana')).toBeLessThan(text.indexOf('Rainy'));
  });
});

describe('journal and the account', () => {
  it('puts entries, history, tags, drafts and audio in the export, and deletes them all', async () => {
    const { client, userId } = await signedInClient(voiceApp.app);
    const entry = await entryOf(client, { content: 'before', tags: ['t'] });
    await patch(client, `/api/journal/entries/${entry.id}`, { content: 'after' });
    await client.request('PUT', '/api/journal/drafts/new', { body: { content: 'unsaved' } });
    const voice = (await recordVoice(client)).json<JournalEntry>();
    await transcribed(client, voice.id);

    const exported = (await client.get('/api/account/export')).json<{
      journal: Record<string, unknown[]>;
    }>();
    expect(exported.journal.entries).toHaveLength(2);
    expect(exported.journal.history).toMatchObject([{ entry_id: entry.id, content: 'before' }]);
    expect(exported.journal.tags).toMatchObject([{ name: 't', count: 1 }]);
    expect(exported.journal.drafts).toMatchObject([{ key: 'new', draft: { content: 'unsaved' } }]);
    expect(exported.journal.entries).toContainEqual(
      expect.objectContaining({
        id: voice.id,
        transcript: TRANSCRIPT,
        audio_file_id: expect.any(String) as unknown,
      }),
    );

    const { db } = voiceApp.app.database;
    const [audioRow] = await db.select().from(files).where(eq(files.ownerId, userId));
    expect(audioRow?.purpose).toBe('journal-audio');
    const audioPath = join(voiceApp.app.config.DATA_DIR, 'files', audioRow?.storageKey ?? '');
    expect(existsSync(audioPath)).toBe(true);

    const zip = await voiceApp.app.app.inject({
      method: 'GET',
      url: '/api/account/export.zip',
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const archived = unzipSync(new Uint8Array(zip.rawPayload));
    const audioEntry = `files/journal-audio/${audioRow?.id ?? ''}-recording.webm`;
    expect(Buffer.from(archived[audioEntry] ?? []).equals(audio)).toBe(true);

    expect((await client.post('/api/account/delete-data')).status).toBe(200);
    expect(await db.select().from(journalEntries).where(eq(journalEntries.userId, userId))).toEqual(
      [],
    );
    expect(
      await db.select().from(journalEntryVersions).where(eq(journalEntryVersions.userId, userId)),
    ).toEqual([]);
    expect(await db.select().from(journalTags).where(eq(journalTags.userId, userId))).toEqual([]);
    expect(await db.select().from(journalDrafts).where(eq(journalDrafts.userId, userId))).toEqual(
      [],
    );
    expect(await db.select().from(files).where(eq(files.ownerId, userId))).toEqual([]);
    expect(existsSync(audioPath)).toBe(false);
  });
});
