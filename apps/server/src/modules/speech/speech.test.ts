import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_UPLOAD_POLICY } from '@kaleido/shared/files/upload-policies';
import type { Database } from '../../db/client';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { spokenWebm } from '../../../test/speech-audio';
import { startSttServer } from '../../../test/stt-server';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { createOpenAiCompatibleEngine } from './openai-compatible-engine';
import { createPocketSphinxEngine } from './pocketsphinx-engine';
import { waitFor } from '../../../test/fixtures/wait-for';
import { canMount } from '../../../test/can-mount';

const speech = spokenWebm('I feel calm and hopeful today.');

/** Silence of any length in a few kilobytes: what a disk-filling upload looks like. */
function silence(seconds: number, format: 'flac'): Buffer {
  return execFileSync('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono'],
    ...['-t', String(seconds), '-c:a', format, '-f', format, 'pipe:1'],
  ]);
}

describe('the spec function transcribe-audio, on the embedded engine (PocketSphinx)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { speechEngines: [createPocketSphinxEngine()] });
  });
  afterAll(async () => {
    await app.close();
  });

  it('turns base64 webm speech into words', async () => {
    const { client } = await signedInClient(app);
    const response = await client.post('/api/speech/transcribe', {
      audio: speech.toString('base64'),
    });
    expect(response.status).toBe(200);
    const { text } = response.json<{ text: string }>();
    // PocketSphinx on a synthetic voice is a poor draft (bench/stt.ts), but it is words.
    expect(text, `transcript: ${text}`).toMatch(/^[a-z' ]*[a-z][a-z' ]*$/);
  }, 60_000);

  it('answers bad audio with a clear error, not a crash', async () => {
    const { client } = await signedInClient(app);
    const response = await client.post('/api/speech/transcribe', {
      audio: Buffer.from('this is not audio at all').toString('base64'),
    });
    expect(response.status).toBe(422);
    expect(response.json().message).toBe('Failed to process audio recording.');
    expect((await client.post('/api/speech/transcribe', { audio: 'not base64!' })).status).toBe(
      400,
    );
  });

  it('refuses oversized audio with 413 and needs a session', async () => {
    const { client } = await signedInClient(app);
    const huge = 'A'.repeat(15 * 1024 * 1024);
    expect((await client.post('/api/speech/transcribe', { audio: huge })).status).toBe(413);
    expect(
      (await new TestClient(app.app).post('/api/speech/transcribe', { audio: 'AAAA' })).status,
    ).toBe(401);
  });

  it('refuses 15 minutes of audio (168 KB of FLAC silence) with 413 before decoding it', async () => {
    const { client } = await signedInClient(app);
    const started = Date.now();
    const response = await client.post('/api/speech/transcribe', {
      audio: silence(15 * 60, 'flac').toString('base64'),
    });
    expect(response.status).toBe(413);
    expect(response.json()).toMatchObject({
      message: 'The recording is too long to transcribe (at most 10 minutes).',
      code: 'AUDIO_TOO_LONG',
    });
    // Decoding would have written 29 MB of WAV and run the recogniser for minutes.
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it('stops decoding at the cap when the container does not tell the truth', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kaleido-long-'));
    const path = join(dir, 'long.flac');
    writeFileSync(path, silence(20, 'flac'));
    try {
      await expect(createPocketSphinxEngine().transcribe(path, { maxSeconds: 5 })).rejects.toThrow(
        'The recording is too long to transcribe (at most 5 seconds).',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Natural speech from Debian's pocketsphinx-testdata: "he was not an ill disposed young man".
  const librivoxMan =
    '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav';
  it.runIf(existsSync(librivoxMan))(
    'keeps the last word of a recording stopped right after it (no silence follows)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'kaleido-last-word-'));
      try {
        // Cut where the voice ends (the silence after it removed), uploaded as a browser would.
        const tight = join(dir, 'tight.webm');
        execFileSync('ffmpeg', [
          ...['-nostdin', '-loglevel', 'error', '-i', librivoxMan],
          ...['-af', 'areverse,silenceremove=start_periods=1:start_threshold=-35dB,areverse'],
          ...['-c:a', 'libopus', '-ar', '48000', tight],
        ]);
        const text = await createPocketSphinxEngine().transcribe(tight);
        expect(text, `transcript: ${text}`).toMatch(/ young man$/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it.runIf(canMount())(
    'refuses to decode when temporary space is short, writing nothing',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'kaleido-small-tmp-'));
      const workDir = join(dir, 'work');
      mkdirSync(workDir);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', workDir]);
      try {
        const audio = join(dir, 'note.webm');
        writeFileSync(audio, speech);
        await expect(createPocketSphinxEngine({ workDir }).transcribe(audio)).rejects.toThrow(
          'Not enough temporary disk space to decode the recording.',
        );
        expect(readdirSync(workDir)).toEqual([]);
      } finally {
        execFileSync('umount', [workDir]);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('transcribes one recording per person at a time (429 for the second)', async () => {
    const { client } = await signedInClient(app);
    const body = { audio: speech.toString('base64') };
    const [first, second] = await Promise.all([
      client.post('/api/speech/transcribe', body),
      client.post('/api/speech/transcribe', body),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 429]);
    const refused = first.status === 429 ? first : second;
    expect(refused.json().message).toBe(
      'Your previous recording is still being transcribed. Please wait for it to finish.',
    );
    expect(refused.headers['retry-after']).toBeDefined();
    // Once the first is done, the next one is taken.
    expect((await client.post('/api/speech/transcribe', body)).status).toBe(200);
  }, 60_000);

  it('reports the engine on /readyz and the status endpoint', async () => {
    const { client } = await signedInClient(app);
    const operator = new TestClient(app.app, '127.0.0.1');
    expect((await operator.get('/readyz')).json()).toMatchObject({
      transcription: { available: true, engine: 'pocketsphinx' },
    });
    expect((await client.get('/api/speech/status')).json()).toMatchObject({
      available: true,
      engine: 'pocketsphinx',
      queue: { queued: 0 },
    });
  });
});

describe('with no engine', () => {
  it('keeps running and says transcription is off and how to enable it', async () => {
    const app = await createTestApp({}, { speechEngines: [] });
    try {
      const { client } = await signedInClient(app);
      const ready = (await new TestClient(app.app, '127.0.0.1').get('/readyz')).json<{
        transcription: { available: boolean; detail: string };
      }>();
      expect(ready.transcription.available).toBe(false);
      expect(ready.transcription.detail).toContain('STT_BASE_URL');
      const response = await client.post('/api/speech/transcribe', {
        audio: speech.toString('base64'),
      });
      expect(response.status).toBe(503);
      expect(response.json().message).toBe('Transcription is not available on this server.');
    } finally {
      await app.close();
    }
  });
});

describe('the OpenAI-compatible engine and the job queue', () => {
  let stt: Awaited<ReturnType<typeof startSttServer>>;
  let failing = false;
  let database: Database;
  beforeAll(async () => {
    stt = await startSttServer(() =>
      failing
        ? { status: 500, body: { error: 'model not loaded' } }
        : { status: 200, body: { text: 'I feel calm and hopeful today.' } },
    );
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await stt.close();
    await database.close();
  });

  function engine() {
    return createOpenAiCompatibleEngine({
      baseUrl: stt.url,
      apiKey: 'secret-key',
      model: 'whisper-small',
    });
  }

  async function queuedJob(app: TestApp, targetKind: string) {
    const { userId } = await signedInClient(app);
    const file = await app.files.store({
      ownerId: userId,
      purpose: 'voice',
      policy: AUDIO_UPLOAD_POLICY,
      filename: 'note.webm',
      stream: Readable.from([speech]),
    });
    return {
      userId,
      job: await app.speech.enqueue({
        ownerId: userId,
        fileId: file.id,
        targetKind,
        targetId: file.id,
      }),
    };
  }

  it('posts multipart {file, model} with the API key and hands the text to the target', async () => {
    const app = await createTestApp({}, { database, speechEngines: [engine()] });
    try {
      const done = new Map<string, string>();
      app.speech.registerTarget('test-note', {
        onTranscribed: (id, text) => Promise.resolve(void done.set(id, text)),
      });
      const { job } = await queuedJob(app, 'test-note');
      const text = await waitFor(() => Promise.resolve(done.get(job.targetId)), 'the transcript');
      expect(text).toBe('I feel calm and hopeful today.');
      const request = stt.received.at(-1);
      expect(request).toMatchObject({
        authorization: 'Bearer secret-key',
        model: 'whisper-small',
        fileBytes: speech.length,
      });
      expect(request?.contentType).toMatch(/^multipart\/form-data; boundary=/);
      // The job is marked done once its target has the text.
      expect(
        await waitFor(async () => {
          const row = await app.speech.latestForTarget('test-note', job.targetId);
          return row?.status === 'done' ? row : null;
        }, 'the job to be done'),
      ).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      await app.close();
    }
  });

  it('retries a failing service with backoff and records the error', async () => {
    const app = await createTestApp({}, { database, speechEngines: [engine()] });
    failing = true;
    try {
      const { job } = await queuedJob(app, 'test-retry');
      const retried = await waitFor(async () => {
        const row = await app.speech.latestForTarget('test-retry', job.targetId);
        return row?.status === 'queued' && row.attempts === 1 ? row : null;
      }, 'a scheduled retry');
      expect(retried.lastError).toContain('transcription service answered 500');
      expect(retried.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    } finally {
      failing = false;
      await app.close();
    }
  });

  it('finishes a job that a crashed server left running, after the restart', async () => {
    // The first server has no engine; we play the worker that took the job and died.
    const dataDir = mkdtempSync(join(tmpdir(), 'kaleido-restart-'));
    const first = await createTestApp({ DATA_DIR: dataDir }, { database, speechEngines: [] });
    const { job } = await queuedJob(first, 'test-crash');
    await first.database.db.execute(
      sql`update jobs set status = 'running', attempts = 1, locked_by = 'a-dead-server', locked_until = now() - interval '1 minute' where id = ${job.id}`,
    );
    await first.close();

    const second = await createTestApp(
      { DATA_DIR: dataDir },
      { database, speechEngines: [engine()] },
    );
    const done = new Map<string, string>();
    second.speech.registerTarget('test-crash', {
      onTranscribed: (id, text) => Promise.resolve(void done.set(id, text)),
    });
    try {
      const finished = await waitFor(async () => {
        const row = await second.speech.latestForTarget('test-crash', job.targetId);
        return row?.status === 'done' ? row : null;
      }, 'the job to finish after restart');
      expect(finished.attempts).toBe(2);
      expect(done.get(job.targetId)).toBe('I feel calm and hopeful today.');
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('fails a queued recording over an hour without sending it to the engine', async () => {
    const app = await createTestApp({}, { database, speechEngines: [engine()] });
    try {
      const { userId } = await signedInClient(app);
      const file = await app.files.store({
        ownerId: userId,
        purpose: 'voice',
        policy: AUDIO_UPLOAD_POLICY,
        filename: 'night.flac',
        stream: Readable.from([silence(61 * 60, 'flac')]),
      });
      const told = new Map<string, string>();
      app.speech.registerTarget('test-long', {
        onTranscribed: () => Promise.resolve(),
        onFailed: (id, error) => Promise.resolve(void told.set(id, error)),
      });
      const before = stt.received.length;
      await app.speech.enqueue({
        ownerId: userId,
        fileId: file.id,
        targetKind: 'test-long',
        targetId: file.id,
      });
      const failed = await waitFor(async () => {
        const row = await app.speech.latestForTarget('test-long', file.id);
        return row?.status === 'failed' ? row : null;
      }, 'the job to fail');
      expect(failed.lastError).toBe(
        'The recording is too long to transcribe (at most 60 minutes).',
      );
      expect(failed.attempts).toBe(1);
      expect(stt.received.length).toBe(before);
      // The feature that queued it hears of it (a voice note shows "failed").
      expect(await waitFor(() => Promise.resolve(told.get(file.id)), 'the target to be told')).toBe(
        'The recording is too long to transcribe (at most 60 minutes).',
      );
    } finally {
      await app.close();
    }
  });

  it('keeps jobs waiting while no engine is available', async () => {
    const app = await createTestApp({}, { database, speechEngines: [] });
    try {
      const { job } = await queuedJob(app, 'test-wait');
      await sleep(300);
      expect(await app.speech.latestForTarget('test-wait', job.targetId)).toMatchObject({
        status: 'queued',
        attempts: 0,
      });
      expect((await app.speech.status()).queue.queued).toBeGreaterThanOrEqual(1);
    } finally {
      await app.close();
    }
  });
});
