import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { files } from '../../db/schema/files';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { multipart } from '../../../test/multipart';
import { listen, TestSocket } from '../../../test/test-socket';
import {
  audio,
  entryOf,
  page,
  patch,
  recordVoice,
  useVoiceApp,
  transcribed,
  TRANSCRIPT,
} from '../../../test/fixtures/journal-fixtures';

const voiceApp = useVoiceApp();

describe('voice entries', () => {
  it('turns the transcript into editable content and plays the audio back', async () => {
    const { client } = await signedInClient(voiceApp.app);
    const socket = await TestSocket.open(await listen(voiceApp.app), client);
    const created = await recordVoice(client, {
      title: '',
      mood: 'excited',
      tags: 'walks,river',
      durationMs: '3000',
    });
    expect(created.status).toBe(201);
    const entry = created.json<JournalEntry>();
    expect(entry).toMatchObject({
      title: 'Untitled Entry',
      input_type: 'audio',
      mood: 'excited',
      tags: ['river', 'walks'],
      content: '',
      transcriptStatus: 'pending',
      audioUrl: `/api/journal/entries/${entry.id}/audio`,
    });
    const pushed = await socket.next(
      (m) =>
        m.type === 'event' &&
        m.name === 'journal.entry.changed' &&
        m.data.entryId === entry.id &&
        m.data.entry?.transcriptStatus === 'done',
      20_000,
    );
    expect(pushed).toMatchObject({ room: expect.stringMatching(/^user:/) as unknown });
    socket.close();
    expect(await transcribed(client, entry.id)).toMatchObject({
      content: TRANSCRIPT,
      transcriptStatus: 'done',
    });
    expect((await page(client, 'q=river%20calm')).entries.map((e) => e.id)).toEqual([entry.id]);

    const whole = await client.get(`/api/journal/entries/${entry.id}/audio`);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(Number(whole.headers['content-length'])).toBe(audio.length);
    const ranged = await client.get(`/api/journal/entries/${entry.id}/audio`, {
      range: 'bytes=0-99',
    });
    expect(ranged.status).toBe(206);
    const download = await client.get(`/api/journal/entries/${entry.id}/audio?download=1`);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);

    const text = await entryOf(client, { content: 'written' });
    const none = await client.get(`/api/journal/entries/${text.id}/audio`);
    expect(none.status).toBe(404);
    expect(none.json().message).toBe('This entry has no audio.');
  });

  it('keeps what the person wrote over a late transcript', async () => {
    const { client } = await signedInClient(voiceApp.app);
    voiceApp.voice.delayMs = 400;
    try {
      const entry = (await recordVoice(client)).json<JournalEntry>();
      await patch(client, `/api/journal/entries/${entry.id}`, { content: 'My own words.' });
      const done = await transcribed(client, entry.id);
      expect(done).toMatchObject({ content: 'My own words.', transcriptStatus: 'done' });
    } finally {
      voiceApp.voice.delayMs = 0;
    }
  });

  it('drops the recording after transcription when the person chose not to keep audio', async () => {
    const { client, userId } = await signedInClient(voiceApp.app);
    await patch(client, '/api/voice-notes/settings', { keepAudio: false });
    const entry = (await recordVoice(client)).json<JournalEntry>();
    expect(entry.audioUrl).not.toBeNull();
    expect(await transcribed(client, entry.id)).toMatchObject({
      content: TRANSCRIPT,
      audioUrl: null,
    });
    const gone = await client.get(`/api/journal/entries/${entry.id}/audio`);
    expect(gone.status).toBe(404);
    expect(gone.json().message).toBe('This entry has no audio.');
    // The file goes right after the transcript is saved.
    const remaining = async () =>
      voiceApp.app.database.db.select().from(files).where(eq(files.ownerId, userId));
    for (let i = 0; i < 200 && (await remaining()).length > 0; i++) await sleep(25);
    expect(await remaining()).toEqual([]);
  });

  it('refuses a voice entry without audio and says why', async () => {
    const { client } = await signedInClient(voiceApp.app);
    const pdf = await client.upload(
      '/api/journal/voice-entries',
      multipart(
        {},
        { name: 'x.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
      ),
    );
    expect(pdf.status).toBe(415);
    const mood = await recordVoice(client, { mood: 'bored' });
    expect(mood.status).toBe(400);
    expect(mood.json().message).toBe('Mood must be one of happy, excited, neutral, sad, angry');
  });
});
