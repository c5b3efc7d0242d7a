import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceNote } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { files } from '../../db/schema/files';
import { voiceNoteDeliveries, voiceNotes } from '../../db/schema/speech';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { consoleAdmin } from '../../../test/fixtures/admin-fixtures';
import type { TestClient } from '../../../test/http-client';
import { multipart } from '../../../test/multipart';
import { spokenWebm } from '../../../test/speech-audio';
import { startSttServer } from '../../../test/stt-server';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';
import { createOpenAiCompatibleEngine } from '../speech/openai-compatible-engine';

const audio = spokenWebm('Walking by the sea made me feel lighter.');
const TRANSCRIPT = 'Walking by the sea made me feel lighter.';

let app: TestApp;
let stt: Awaited<ReturnType<typeof startSttServer>>;
let sttDelayMs = 0;
beforeAll(async () => {
  stt = await startSttServer(() => ({ status: 200, body: { text: TRANSCRIPT } }));
  const engine = createOpenAiCompatibleEngine({ baseUrl: stt.url, model: 'whisper-1' });
  const slow = {
    ...engine,
    transcribe: async (path: string) => (await sleep(sttDelayMs), engine.transcribe(path)),
  };
  app = await createTestApp({}, { speechEngines: [slow] });
});
afterAll(async () => {
  await app.close();
  await stt.close();
});

function record(
  client: TestClient,
  fields: Record<string, string> = { title: 'Morning walk', durationMs: '4200' },
  data = audio,
) {
  return client.upload(
    '/api/voice-notes',
    multipart(fields, { name: 'recording.webm', type: 'audio/webm', data }),
  );
}

async function transcribed(client: TestClient, id: string): Promise<VoiceNote> {
  for (let i = 0; i < 200; i++) {
    const note = (await client.get(`/api/voice-notes/${id}`)).json<VoiceNote>();
    if (note.transcriptStatus !== 'pending') return note;
    await sleep(25);
  }
  throw new Error('transcript never arrived');
}

describe('voice notes', () => {
  it('records a note, transcribes it in the background and pushes the result live', async () => {
    const { client, userId } = await signedInClient(app);
    const socket = await TestSocket.open(await listen(app), client);
    const created = await record(client);
    expect(created.status).toBe(201);
    const note = created.json<VoiceNote>();
    expect(note).toMatchObject({
      title: 'Morning walk',
      durationMs: 4200,
      transcriptStatus: 'pending',
      hasAudio: true,
      owner: { id: userId },
    });

    const pushed = await socket.next(
      (m) => m.type === 'event' && m.name === 'transcription.updated',
    );
    expect(pushed).toMatchObject({
      data: { targetKind: 'voice-note', targetId: note.id, status: 'done', text: TRANSCRIPT },
    });
    expect(await transcribed(client, note.id)).toMatchObject({
      transcript: TRANSCRIPT,
      transcriptStatus: 'done',
      transcriptEdited: false,
    });
    socket.close();

    const list = (await client.get('/api/voice-notes')).json<{ notes: VoiceNote[] }>();
    expect(list.notes.map((n) => n.id)).toContain(note.id);
  });

  it('transcribes again on request, replacing an edited transcript', async () => {
    const { client } = await signedInClient(app);
    const note = (await record(client)).json<VoiceNote>();
    await transcribed(client, note.id);
    await client.request('PATCH', `/api/voice-notes/${note.id}`, { body: { transcript: 'Mine' } });
    const again = await client.post(`/api/voice-notes/${note.id}/transcribe`);
    expect(again.status).toBe(200);
    expect(again.json<VoiceNote>()).toMatchObject({
      transcriptStatus: 'pending',
      transcriptEdited: false,
    });
    expect(await transcribed(client, note.id)).toMatchObject({
      transcript: TRANSCRIPT,
      transcriptStatus: 'done',
      transcriptEdited: false,
    });
  });

  it('plays back with ranges and downloads as an attachment', async () => {
    const { client } = await signedInClient(app);
    const note = (await record(client)).json<VoiceNote>();
    const whole = await client.get(`/api/voice-notes/${note.id}/audio`);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(Number(whole.headers['content-length'])).toBe(audio.length);
    const ranged = await client.get(`/api/voice-notes/${note.id}/audio`, { range: 'bytes=0-99' });
    expect(ranged.status).toBe(206);
    const download = await client.get(`/api/voice-notes/${note.id}/audio?download=1`);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('finds notes by words in the transcript or title, and by date', async () => {
    const { client } = await signedInClient(app);
    const note = (await record(client, { title: 'Evening', durationMs: '1000' })).json<VoiceNote>();
    await transcribed(client, note.id);
    const byTranscript = (await client.get('/api/voice-notes?q=by%20the%20SEA')).json<{
      notes: VoiceNote[];
    }>();
    expect(byTranscript.notes.map((n) => n.id)).toEqual([note.id]);
    expect(
      (await client.get('/api/voice-notes?q=mountains')).json<{ notes: VoiceNote[] }>().notes,
    ).toEqual([]);
    expect(
      (await client.get('/api/voice-notes?q=100%25')).json<{ notes: VoiceNote[] }>().notes,
    ).toEqual([]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (await client.get(`/api/voice-notes?from=${future}`)).json<{ notes: VoiceNote[] }>().notes,
    ).toEqual([]);
  });

  it('keeps a corrected transcript over a late engine result', async () => {
    const { client } = await signedInClient(app);
    sttDelayMs = 400;
    try {
      const note = (await record(client)).json<VoiceNote>();
      const edited = await client.request('PATCH', `/api/voice-notes/${note.id}`, {
        body: { transcript: 'Walking by the sea made me feel light.' },
      });
      expect(edited.json()).toMatchObject({ transcriptEdited: true, transcriptStatus: 'done' });
      await sleep(800);
      expect((await client.get(`/api/voice-notes/${note.id}`)).json()).toMatchObject({
        transcript: 'Walking by the sea made me feel light.',
      });
    } finally {
      sttDelayMs = 0;
    }
  });

  it('obeys the settings: no transcription when off, audio dropped after transcription when asked', async () => {
    const { client } = await signedInClient(app);
    expect((await client.get('/api/voice-notes/settings')).json()).toEqual({
      autoTranscribe: true,
      keepAudio: true,
    });
    await client.request('PATCH', '/api/voice-notes/settings', { body: { autoTranscribe: false } });
    const untouched = (await record(client)).json<VoiceNote>();
    expect(untouched.transcriptStatus).toBe('off');

    await client.request('PATCH', '/api/voice-notes/settings', {
      body: { autoTranscribe: true, keepAudio: false },
    });
    const dropped = (await record(client)).json<VoiceNote>();
    expect(await transcribed(client, dropped.id)).toMatchObject({
      transcript: TRANSCRIPT,
      hasAudio: false,
    });
    const gone = await client.get(`/api/voice-notes/${dropped.id}/audio`);
    expect(gone.status).toBe(404);
    expect(gone.json().message).toBe('The audio of this note was removed after transcription.');
    const again = await client.post(`/api/voice-notes/${dropped.id}/transcribe`);
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'The audio of this note was removed after transcription.',
      code: 'NO_AUDIO',
    });
  });

  it('a person’s keep-audio choice still applies when stricter than the instance retention', async () => {
    // The instance keeps content for ten years; this person keeps no audio after transcription.
    const admin = await consoleAdmin(app, 'Retention Admin');
    const longer = await admin.client.request('PATCH', '/api/admin/settings', {
      body: { system: { data_retention_days: 3650 } },
    });
    expect(longer.status, longer.body).toBe(200);
    const { client } = await signedInClient(app);
    await client.request('PATCH', '/api/voice-notes/settings', {
      body: { autoTranscribe: true, keepAudio: false },
    });
    const note = (await record(client)).json<VoiceNote>();
    expect(await transcribed(client, note.id)).toMatchObject({ hasAudio: false });
    expect((await client.get(`/api/voice-notes/${note.id}/audio`)).status).toBe(404);
    // Nothing is old enough for the instance's retention, and the audio is gone all the same.
    const preview = (await admin.client.get('/api/admin/retention/preview')).json<{
      counts: Record<string, number>;
    }>();
    expect(preview.counts.voice_notes).toBe(0);
    await admin.client.request('PATCH', '/api/admin/settings', {
      body: { system: { data_retention_days: 365 } },
    });
  });

  it('refuses what is not audio and says why', async () => {
    const { client } = await signedInClient(app);
    const pdf = await record(client, { durationMs: '10' }, Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.status).toBe(415);
    expect(pdf.json().message).toBe('Please choose an audio file (WebM, Ogg, WAV, MP3 or M4A).');
    const noDuration = await record(client, { title: 'x' });
    expect(noDuration.status).toBe(400);
    const json = await client.post('/api/voice-notes', { title: 'x', durationMs: '10' });
    expect(json.status).toBe(406);
    expect(json.json()).toMatchObject({
      message: 'Please attach the file as a form upload.',
      code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
    });
  });

  it('sends a note to a contact: their inbox, my sent box, a notification; they can listen but not edit', async () => {
    const sender = await signedInClient(app, { name: 'Sam Sender' });
    const recipient = await signedInClient(app, { name: 'Rae Recipient' });
    const note = (await record(sender.client)).json<VoiceNote>();
    const sent = await sender.client.post(`/api/voice-notes/${note.id}/send`, {
      recipientId: recipient.userId,
    });
    expect(sent.json<VoiceNote>().recipients).toEqual([
      { id: recipient.userId, fullName: 'Rae Recipient', listened: false },
    ]);

    const inbox = (await recipient.client.get('/api/voice-notes?box=inbox')).json<{
      notes: VoiceNote[];
    }>().notes;
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      id: note.id,
      owner: { fullName: 'Sam Sender' },
      listened: false,
      recipients: [],
    });
    expect(
      (await sender.client.get('/api/voice-notes?box=sent'))
        .json<{ notes: VoiceNote[] }>()
        .notes.map((n) => n.id),
    ).toEqual([note.id]);
    const { notifications } = (await recipient.client.get('/api/notifications')).json<{
      notifications: { type: string; title: string }[];
    }>();
    expect(notifications[0]).toMatchObject({ type: 'voice', title: 'New voice note' });

    // The player fetching the audio (preload) is not listening; pressing play is.
    const listened = async () =>
      (await recipient.client.get('/api/voice-notes?box=inbox')).json<{ notes: VoiceNote[] }>()
        .notes[0]?.listened;
    expect((await recipient.client.get(`/api/voice-notes/${note.id}/audio`)).status).toBe(200);
    expect(await listened()).toBe(false);
    expect((await recipient.client.post(`/api/voice-notes/${note.id}/listened`, {})).status).toBe(
      200,
    );
    expect(await listened()).toBe(true);
    expect(
      (await sender.client.get('/api/voice-notes?box=sent')).json<{ notes: VoiceNote[] }>().notes[0]
        ?.recipients,
    ).toEqual([{ id: recipient.userId, fullName: 'Rae Recipient', listened: true }]);
    // Someone who may not see the note learns nothing of it.
    const stranger = await signedInClient(app);
    expect((await stranger.client.post(`/api/voice-notes/${note.id}/listened`, {})).status).toBe(
      404,
    );
    expect(
      (
        await recipient.client.request('PATCH', `/api/voice-notes/${note.id}`, {
          body: { title: 'Mine now' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await sender.client.post(`/api/voice-notes/${note.id}/send`, { recipientId: sender.userId }))
        .status,
    ).toBe(400);
  });

  it('refuses a flood of sends to other people with a clear 429, and allows them again a minute later', async () => {
    const sender = await signedInClient(app);
    const recipient = await signedInClient(app);
    const note = (await record(sender.client)).json<VoiceNote>();
    const sendIt = () =>
      sender.client.post(`/api/voice-notes/${note.id}/send`, { recipientId: recipient.userId });
    for (let i = 0; i < 30; i++) expect((await sendIt()).status).toBe(200);
    const refused = await sendIt();
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'You are sending voice notes too fast. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    app.clock.advance(61_000);
    expect((await sendIt()).status).toBe(200);
  });

  it("answers 404 for someone else's note everywhere", async () => {
    const owner = await signedInClient(app);
    const stranger = await signedInClient(app);
    const note = (await record(owner.client)).json<VoiceNote>();
    const id = note.id;
    expect((await stranger.client.get(`/api/voice-notes/${id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/voice-notes/${id}/audio`)).status).toBe(404);
    expect(
      (await stranger.client.request('PATCH', `/api/voice-notes/${id}`, { body: { title: 'x' } }))
        .status,
    ).toBe(404);
    expect((await stranger.client.request('DELETE', `/api/voice-notes/${id}`)).status).toBe(404);
    expect(
      (await stranger.client.post(`/api/voice-notes/${id}/send`, { recipientId: stranger.userId }))
        .status,
    ).toBe(404);
    expect(
      (await stranger.client.get('/api/voice-notes?box=inbox')).json<{ notes: VoiceNote[] }>()
        .notes,
    ).toEqual([]);
  });

  it('deletes the note and its audio', async () => {
    const { client } = await signedInClient(app);
    const note = (await record(client)).json<VoiceNote>();
    await transcribed(client, note.id);
    expect((await client.request('DELETE', `/api/voice-notes/${note.id}`)).status).toBe(200);
    expect((await client.get(`/api/voice-notes/${note.id}`)).status).toBe(404);
    expect((await client.get(`/api/voice-notes/${note.id}/audio`)).status).toBe(404);
  });
});

describe("voice notes in the user's data (export, Delete All Data)", () => {
  async function audioPathOf(noteId: string) {
    const [row] = await app.database.db
      .select({ storageKey: files.storageKey })
      .from(voiceNotes)
      .innerJoin(files, eq(files.id, voiceNotes.fileId))
      .where(eq(voiceNotes.id, noteId));
    if (!row) throw new Error('note has no audio');
    return join(app.config.DATA_DIR, 'files', row.storageKey);
  }

  /** A recorder who sent a transcribed note to a friend and received one from them. */
  async function peopleWithNotes() {
    const recorder = await signedInClient(app, { name: 'Rita Recorder' });
    const friend = await signedInClient(app, { name: 'Fred Friend' });
    const mine = (await record(recorder.client)).json<VoiceNote>();
    await transcribed(recorder.client, mine.id);
    await recorder.client.post(`/api/voice-notes/${mine.id}/send`, { recipientId: friend.userId });
    const theirs = (
      await record(friend.client, { title: 'From Fred', durationMs: '1000' })
    ).json<VoiceNote>();
    await friend.client.post(`/api/voice-notes/${theirs.id}/send`, {
      recipientId: recorder.userId,
    });
    await recorder.client.request('PATCH', '/api/voice-notes/settings', {
      body: { keepAudio: true, autoTranscribe: false },
    });
    return { recorder, friend, mine, theirs };
  }

  it('exports the notes with their transcripts, deliveries and settings', async () => {
    const { recorder, friend, mine, theirs } = await peopleWithNotes();
    const data = (await recorder.client.get('/api/account/export')).json();
    expect(data.voice_notes).toMatchObject({
      notes: [
        {
          id: mine.id,
          title: 'Morning walk',
          duration_ms: 4200,
          transcript: TRANSCRIPT,
          sent_to: [{ recipient_id: friend.userId, recipient_name: 'Fred Friend' }],
        },
      ],
      received: [{ note_id: theirs.id, title: 'From Fred', from_name: 'Fred Friend' }],
      settings: { auto_transcribe: false, keep_audio: true },
    });
    expect(data.files).toContainEqual(
      expect.objectContaining({ id: await fileIdOf(mine.id), purpose: 'voice' }),
    );
  });

  it('deletes the notes, their transcripts, deliveries and audio files; keeps what others recorded', async () => {
    const { recorder, friend, mine, theirs } = await peopleWithNotes();
    const myAudio = await audioPathOf(mine.id);
    const theirAudio = await audioPathOf(theirs.id);
    expect(existsSync(myAudio)).toBe(true);

    expect((await recorder.client.post('/api/account/delete-data')).status).toBe(200);

    const { db } = app.database;
    // Nothing left that could still show the title or the transcript.
    expect(
      await db.select().from(voiceNotes).where(eq(voiceNotes.ownerId, recorder.userId)),
    ).toEqual([]);
    expect(await db.select().from(voiceNotes).where(eq(voiceNotes.id, mine.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(voiceNoteDeliveries)
        .where(eq(voiceNoteDeliveries.recipientId, recorder.userId)),
    ).toEqual([]);
    expect(existsSync(myAudio)).toBe(false);
    for (const box of ['mine', 'inbox', 'sent'])
      expect(
        (await recorder.client.get(`/api/voice-notes?box=${box}`)).json<{ notes: VoiceNote[] }>()
          .notes,
      ).toEqual([]);
    expect((await recorder.client.get('/api/voice-notes/settings')).json()).toEqual({
      autoTranscribe: true,
      keepAudio: true,
    });
    // The friend no longer receives the deleted note; their own recording is untouched.
    expect(
      (await friend.client.get('/api/voice-notes?box=inbox')).json<{ notes: VoiceNote[] }>().notes,
    ).toEqual([]);
    expect((await friend.client.get(`/api/voice-notes/${theirs.id}`)).json()).toMatchObject({
      title: 'From Fred',
      hasAudio: true,
    });
    expect(existsSync(theirAudio)).toBe(true);
    const { voice_notes: exported } = (await recorder.client.get('/api/account/export')).json();
    expect(exported).toMatchObject({ notes: [], received: [] });
  });
});

async function fileIdOf(noteId: string) {
  const [row] = await app.database.db
    .select({ fileId: voiceNotes.fileId })
    .from(voiceNotes)
    .where(eq(voiceNotes.id, noteId));
  if (!row?.fileId) throw new Error('note has no audio');
  return row.fileId;
}
