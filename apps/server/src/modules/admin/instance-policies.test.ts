import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEFAULT_FEATURE_TOGGLES,
  FEATURE_OFF_MESSAGES,
  VIDEO_INPUT_OFF_MESSAGE,
  type RequiredFeature,
} from '@kaleido/shared/admin/admin.schemas';
import type { ServerMessage } from '@kaleido/shared/realtime/events';
import { consoleAdmin } from '../../../test/fixtures/admin-fixtures';
import { findable, person, WEBM, type Person } from '../../../test/fixtures/chat-fixtures';
import { TestClient } from '../../../test/http-client';
import { multipart } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';

/**
 * Routes declare the instance features they belong to on their own options (decision 051); the
 * admin module refuses them, on the headers, while the admin has the feature off. These tests
 * read the app's route table, so a route added tomorrow is held to the same rules.
 */
let app: TestApp;
let admin: Person;
beforeAll(async () => {
  app = await createTestApp();
  admin = await consoleAdmin(app, 'Policy Admin');
});
afterAll(async () => {
  await app.close();
});
afterEach(async () => {
  await toggle(DEFAULT_FEATURE_TOGGLES);
});

async function toggle(features: Record<string, boolean>) {
  const response = await admin.client.request('PATCH', '/api/admin/settings', {
    body: { features },
  });
  expect(response.status, response.body).toBe(200);
}

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const requiring = (feature: RequiredFeature) =>
  app.app.routeTable.filter((r) => r.requires.includes(feature)).map(key);

/** Every route that takes a recording or audio (SPEC: voice notes, journal, chat, speech, calls). */
const RECORDING_ROUTES = [
  'POST /api/voice-notes',
  'POST /api/journal/voice-entries',
  'POST /api/chat/conversations/:id/voice',
  'POST /api/speech/transcribe',
  'POST /api/calls/:id/transcript/segments',
];

/** Uploads that are files a person picked, not recordings: open while audio input is off. */
const FILE_UPLOADS: Record<string, string> = {
  'POST /api/profile/avatar': 'an image',
  'POST /api/chat/conversations/:id/attachments': 'an image, a video or a PDF from the device',
  'POST /api/email/drafts/:id/attachments': 'any file from the device, attached to mail',
};

/** Reads under /api/insights that stay open with advanced analytics off, and why. */
const NOT_INSIGHT_READS: Record<string, string> = {
  'GET /api/insights/settings': 'the person’s own analysis settings, not an insight',
  'GET /api/insights/model':
    'what was derived from the person: theirs to see and dispute whatever the toggle',
  'GET /api/insights/items/:sourceKind/:sourceId':
    'what was derived from one item: theirs to see whatever the toggle',
};

describe('routes declare their policy', () => {
  it('every recording route requires audio input, and nothing else does', () => {
    expect(requiring('audio_input').sort()).toEqual([...RECORDING_ROUTES].sort());
  });

  it('every route that reads an upload is a recording or a file named above', async () => {
    // readUpload is the one multipart reader: a multipart body without a file part answers
    // NO_FILE from exactly the routes that read uploads, whatever their names.
    let prober = await person(app, 'Upload Prober');
    const readers: string[] = [];
    for (const route of app.app.routeTable) {
      if (!['POST', 'PUT', 'PATCH'].includes(route.method) || route.schema?.body) continue;
      const url = route.url.replace(/:\w+/g, randomUUID());
      const response = await prober.client.upload(url, FIELDS_ONLY);
      if (response.status === 400 && response.json<{ code?: string }>().code === 'NO_FILE')
        readers.push(key(route));
      // A probe that signed the person out or deleted them: carry on as someone new.
      if (!(await prober.client.loadSession()).user) prober = await person(app, 'Upload Prober');
    }
    expect(readers.length).toBeGreaterThanOrEqual(7);
    for (const route of readers)
      expect(RECORDING_ROUTES.includes(route) || route in FILE_UPLOADS, route).toBe(true);
    // A recording sent as JSON is a base64 string field named for it (the spec's transcribe-audio).
    const audioBodies = app.app.routeTable.filter((r) =>
      Object.entries(shapeOf(r.schema?.body)).some(
        ([field, type]) => /audio|recording/i.test(field) && type instanceof z.ZodString,
      ),
    );
    expect(audioBodies.map(key)).toContain('POST /api/speech/transcribe');
    for (const route of audioBodies) expect(route.requires, key(route)).toContain('audio_input');
  });

  it('every insight read requires advanced analytics', () => {
    const reads = app.app.routeTable.filter(
      (r) =>
        r.method === 'GET' && r.url.startsWith('/api/insights') && !(key(r) in NOT_INSIGHT_READS),
    );
    expect(reads.length).toBeGreaterThanOrEqual(3);
    for (const route of reads) expect(route.requires, key(route)).toContain('advanced_analytics');
    expect(requiring('advanced_analytics')).toContain('POST /api/insights/personality');
  });
});

/** A multipart body with one text field and no file part. */
const FIELDS_ONLY = {
  payload: Buffer.from(
    '--probe\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n--probe--\r\n',
  ),
  contentType: 'multipart/form-data; boundary=probe',
};

function shapeOf(schema: unknown): Record<string, unknown> {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === 'object' ? (shape as Record<string, unknown>) : {};
}

describe('audio input off', () => {
  it('refuses every recording route with the one message, and lets them through when on', async () => {
    const speaker = await person(app, 'Off Speaker');
    await toggle({ audio_input: false });
    const recording = multipart(
      { title: 'r', durationMs: '1000' },
      { name: 'r.webm', type: 'audio/webm', data: WEBM },
    );
    for (const route of RECORDING_ROUTES) {
      const url = route.slice('POST '.length).replace(':id', randomUUID());
      const response = route.endsWith('/transcribe')
        ? await speaker.client.post(url, { audio: WEBM.toString('base64') })
        : await speaker.client.upload(url, recording);
      expect(response.status, `${route}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'FEATURE_OFF',
        message: FEATURE_OFF_MESSAGES.audio_input,
      });
    }
    await toggle({ audio_input: true });
    const back = await speaker.client.upload('/api/voice-notes', recording);
    expect(back.status, back.body).toBe(201);
  });
});

describe('video input', () => {
  type Refused = Extract<ServerMessage, { type: 'refused' }>;
  let url: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    url = await listen(app);
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  async function withSocket(name: string) {
    const who = await person(app, name);
    await findable(who);
    const socket = await TestSocket.open(url, who.client);
    sockets.push(socket);
    return { ...who, socket };
  }

  const invite = (from: { socket: TestSocket }, calleeId: string, callType: 'audio' | 'video') => {
    const callId = randomUUID();
    from.socket.send({ type: 'call', signal: { kind: 'invite', callId, calleeId, callType } });
    return callId;
  };
  const invited = (to: { socket: TestSocket }, callId: string) =>
    to.socket.next(
      (m) =>
        m.type === 'event' &&
        m.name === 'call.invited' &&
        (m.data as { call: { id: string } }).call.id === callId,
    );

  it('off (the spec’s default): a video call is refused and never rings; audio calls do', async () => {
    const features = (await new TestClient(app.app).get('/api/instance/features')).json<{
      features: Record<string, boolean>;
    }>();
    expect(features.features.video_input).toBe(false);
    const ada = await withSocket('Video Ada');
    const bob = await withSocket('Video Bob');
    const video = invite(ada, bob.userId, 'video');
    const refusal = (await ada.socket.next(
      (m) => m.type === 'refused' && m.ref === video,
    )) as Refused;
    expect(refusal).toMatchObject({ code: 'FEATURE_OFF', message: VIDEO_INPUT_OFF_MESSAGE });
    const audio = invite(ada, bob.userId, 'audio');
    await invited(bob, audio);
    expect(bob.socket.messages.some((m) => JSON.stringify(m).includes(video))).toBe(false);
    expect((await ada.client.get(`/api/calls/${video}`)).status).toBe(404);
    ada.socket.send({ type: 'call', signal: { kind: 'cancel', callId: audio } });
  });

  it('on: a video call rings', async () => {
    await toggle({ video_input: true });
    const cy = await withSocket('Video Cy');
    const dee = await withSocket('Video Dee');
    const callId = invite(cy, dee.userId, 'video');
    const ringing = (await invited(dee, callId)) as Extract<ServerMessage, { type: 'event' }>;
    expect((ringing.data as { call: { type: string } }).call.type).toBe('video');
  });
});
