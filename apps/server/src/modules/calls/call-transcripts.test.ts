import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_TRANSCRIPT_GRACE_MS,
  type Call,
  type CallSignal,
  type CallTranscript,
  type CallTranscriptLine,
} from '@kaleido/shared/calls/calls.schemas';
import type { ServerMessage } from '@kaleido/shared/realtime/events';
import { findable, person, type Person } from '../../../test/fixtures/chat-fixtures';
import { multipart } from '../../../test/multipart';
import { spokenWebm } from '../../../test/speech-audio';
import { startSttServer } from '../../../test/stt-server';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';
import { createOpenAiCompatibleEngine } from '../speech/openai-compatible-engine';
import { CALL_TRANSCRIPT_SEGMENT_LIMIT } from './call-transcript-recording';

type EventMessage = Extract<ServerMessage, { type: 'event' }>;
interface Caller extends Person {
  socket: TestSocket;
}

const audio = spokenWebm('I slept better this week.');

function signal(who: Caller, s: CallSignal) {
  who.socket.send({ type: 'call', signal: s });
}

async function event(who: Caller, name: string, callId: string, from = 0) {
  return (await who.socket.next(
    (m) =>
      who.socket.messages.indexOf(m) >= from &&
      m.type === 'event' &&
      m.name === name &&
      ((m.data as { call?: Call }).call?.id === callId ||
        (m.data as { callId?: string }).callId === callId),
  )) as EventMessage;
}

/** The next `call.transcript` event of the given change that `who` hears. */
function transcriptChange(who: Caller, change: string) {
  return who.socket.next(
    (m) =>
      m.type === 'event' &&
      m.name === 'call.transcript' &&
      (m.data as { change: string }).change === change,
  ) as Promise<EventMessage>;
}

/** `asker` asks for a transcript and `answerer` agrees: the call records from then on. */
async function recordingTranscript(asker: Caller, answerer: Caller, callId: string) {
  signal(asker, { kind: 'transcript-request', callId });
  await event(answerer, 'call.transcript', callId);
  signal(answerer, { kind: 'transcript-accept', callId });
  await transcriptChange(asker, 'accepted');
}

async function refused(who: Caller, callId: string) {
  const message = await who.socket.next((m) => m.type === 'refused' && m.ref === callId);
  who.socket.messages.length = 0;
  return message as Extract<ServerMessage, { type: 'refused' }>;
}

function segment(who: Person, callId: string, durationMs = 4_000) {
  return who.client.upload(
    `/api/calls/${callId}/transcript/segments`,
    multipart(
      { durationMs: String(durationMs) },
      { name: 'piece.webm', type: 'audio/webm', data: audio },
    ),
  );
}

async function transcript(who: Person, callId: string) {
  return (await who.client.get(`/api/calls/${callId}/transcript`)).json<CallTranscript>();
}

/** The transcript once no line is pending (the speech queue works in the background). */
async function settled(who: Person, callId: string): Promise<CallTranscript> {
  for (let i = 0; i < 400; i++) {
    const t = await transcript(who, callId);
    if (t.lines.every((line) => line.status !== 'pending')) return t;
    await sleep(25);
  }
  throw new Error('transcript never settled');
}

describe('calls: transcripts with both people’s consent', () => {
  let app: TestApp;
  let url: string;
  let stt: Awaited<ReturnType<typeof startSttServer>>;
  const open: TestSocket[] = [];
  let said = 0;

  async function caller(name: string): Promise<Caller> {
    const p = await person(app, name);
    // Anyone may ring them (decision 045); who may ring strangers is its own test below.
    await findable(p);
    const socket = await TestSocket.open(url, p.client);
    open.push(socket);
    return { ...p, socket };
  }

  /** A connected call from a to b. */
  async function connected(a: Caller, b: Caller) {
    const callId = randomUUID();
    signal(a, { kind: 'invite', callId, calleeId: b.userId, callType: 'audio' });
    await event(b, 'call.invited', callId);
    signal(b, { kind: 'accept', callId });
    await event(a, 'call.accepted', callId);
    return callId;
  }

  beforeAll(async () => {
    stt = await startSttServer(() => ({ status: 200, body: { text: `words ${++said}` } }));
    const engine = createOpenAiCompatibleEngine({ baseUrl: stt.url, model: 'whisper-1' });
    app = await createTestApp({}, { speechEngines: [engine] });
    url = await listen(app);
  });
  afterAll(async () => {
    for (const socket of open) socket.close();
    await app.close();
    await stt.close();
  });

  it('records only once both agree; each side’s pieces become its speaker’s lines, in order', async () => {
    const ada = await caller('Ada Transcribes');
    const bob = await caller('Bob Transcribes');
    const callId = await connected(ada, bob);

    // Nobody agreed yet: a piece is refused and nothing is kept.
    const early = await segment(ada, callId);
    expect(early.status).toBe(409);
    expect(early.json()).toMatchObject({ code: 'TRANSCRIPT_NOT_RECORDING' });

    signal(ada, { kind: 'transcript-request', callId });
    const asked = (await event(bob, 'call.transcript', callId)).data as {
      call: Call;
      change: string;
      by: string;
    };
    expect(asked).toMatchObject({
      change: 'requested',
      by: ada.userId,
      call: { transcriptState: 'requested', transcriptRequestedBy: ada.userId },
    });
    // Asked is not agreed: still refused, and the asker cannot answer their own request.
    expect((await segment(ada, callId)).status).toBe(409);
    signal(ada, { kind: 'transcript-accept', callId });
    expect(await refused(ada, callId)).toMatchObject({ code: 'TRANSCRIPT_STATE' });

    const mark = ada.socket.messages.length;
    signal(bob, { kind: 'transcript-accept', callId });
    const accepted = (await event(ada, 'call.transcript', callId, mark)).data as { call: Call };
    expect(accepted.call.transcriptState).toBe('recording');
    expect((await bob.client.get(`/api/calls/${callId}`)).json<Call>()).toMatchObject({
      transcriptState: 'recording',
    });

    // Each records their own microphone.
    const first = await segment(ada, callId, 5_000);
    expect(first.status).toBe(201);
    app.clock.advance(6_000);
    expect((await segment(bob, callId, 5_000)).status).toBe(201);
    app.clock.advance(6_000);
    expect((await segment(ada, callId, 5_000)).status).toBe(201);

    const lines = (await settled(bob, callId)).lines;
    expect(lines.map((l) => [l.speaker.name, l.mine, l.status])).toEqual([
      ['Ada Transcribes', false, 'done'],
      ['Bob Transcribes', true, 'done'],
      ['Ada Transcribes', false, 'done'],
    ]);
    expect(lines.every((l) => l.text?.startsWith('words '))).toBe(true);
    const times = lines.map((l) => Date.parse(l.spokenAt));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    // The line arrived live too.
    await event(ada, 'call.transcript-line', callId);

    // Either can stop it. Afterwards each person's ONE piece under way at the stop is taken
    // (N14): no longer than the time since their last piece, dated before the stop.
    app.clock.advance(4_000);
    signal(bob, { kind: 'transcript-stop', callId });
    await transcriptChange(ada, 'stopped');
    app.clock.advance(1_000);
    expect((await segment(ada, callId, 15_000)).json()).toMatchObject({
      code: 'TRANSCRIPT_NOT_RECORDING', // longer than the one piece a recorder was making
    });
    const underWay = await segment(ada, callId, 3_000);
    expect(underWay.status).toBe(201);
    // Dated as spoken before the stop, not "now minus its length".
    const spokenAt = Date.parse(underWay.json<{ spokenAt: string }>().spokenAt);
    expect(spokenAt + 3_000).toBeLessThanOrEqual(app.clock.now().getTime() - 1_000);
    // The security probe's "20 pieces of 10 s after Stop": none is taken now.
    for (let i = 0; i < 3; i++)
      expect((await segment(ada, callId, 1_000)).json()).toMatchObject({
        code: 'TRANSCRIPT_NOT_RECORDING',
      });
    app.clock.advance(CALL_TRANSCRIPT_GRACE_MS + 1_000);
    expect((await segment(bob, callId)).json()).toMatchObject({
      code: 'TRANSCRIPT_NOT_RECORDING',
    });

    // Ending the call: hasTranscript in both histories, consent off.
    signal(ada, { kind: 'end', callId });
    await event(bob, 'call.ended', callId);
    const call = (await ada.client.get(`/api/calls/${callId}`)).json<Call>();
    expect(call).toMatchObject({ hasTranscript: true, transcriptState: 'off' });
    expect((await settled(ada, callId)).lines).toHaveLength(4);
  });

  it('declining leaves it off; a third party can neither consent, nor send, nor read (404)', async () => {
    const ada = await caller('Ada Private Transcript');
    const bob = await caller('Bob Private Transcript');
    const eve = await caller('Eve Listens');
    const callId = await connected(ada, bob);

    signal(bob, { kind: 'transcript-request', callId });
    await event(ada, 'call.transcript', callId);
    signal(ada, { kind: 'transcript-decline', callId });
    const declined = await transcriptChange(bob, 'declined');
    expect(declined.data).toMatchObject({ call: { transcriptState: 'off' } });
    expect((await segment(bob, callId)).status).toBe(409);
    signal(ada, { kind: 'transcript-accept', callId });
    expect(await refused(ada, callId)).toMatchObject({ code: 'TRANSCRIPT_STATE' });

    for (const kind of [
      'transcript-request',
      'transcript-accept',
      'transcript-decline',
      'transcript-stop',
    ] as const) {
      signal(eve, { kind, callId });
      expect(await refused(eve, callId)).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Both agree; the outsider still cannot add to it nor read it.
    const before = bob.socket.messages.length;
    signal(ada, { kind: 'transcript-request', callId });
    await event(bob, 'call.transcript', callId, before);
    signal(bob, { kind: 'transcript-request', callId }); // asking back is agreeing
    await transcriptChange(ada, 'accepted');
    expect((await segment(eve, callId)).status).toBe(404);
    expect((await segment(ada, callId)).status).toBe(201);
    expect((await eve.client.get(`/api/calls/${callId}/transcript`)).status).toBe(404);
    expect((await eve.client.get(`/api/calls/${randomUUID()}/transcript`)).status).toBe(404);
    const line = (await settled(ada, callId)).lines[0] as CallTranscriptLine;
    expect(
      (
        await eve.client.request('PATCH', `/api/calls/${callId}/transcript/lines/${line.id}`, {
          body: {
            text: 'not mine',
          },
        })
      ).status,
    ).toBe(404);
    signal(ada, { kind: 'end', callId });
    await event(bob, 'call.ended', callId);
    // Over: nothing more to consent to.
    signal(bob, { kind: 'transcript-request', callId });
    expect(await refused(bob, callId)).toMatchObject({ code: 'CALL_STATE' });
  });

  it('each edits only their own lines; export has the transcript; delete-data removes one’s own', async () => {
    const ada = await caller('Ada Edits');
    const bob = await caller('Bob Edits');
    const callId = await connected(ada, bob);
    await recordingTranscript(ada, bob, callId);
    expect((await segment(ada, callId)).status).toBe(201);
    app.clock.advance(5_000);
    expect((await segment(bob, callId)).status).toBe(201);
    const [adaLine, bobLine] = (await settled(ada, callId)).lines as [
      CallTranscriptLine,
      CallTranscriptLine,
    ];
    signal(ada, { kind: 'end', callId });
    await event(bob, 'call.ended', callId);

    const edit = (who: Person, id: string, text: string) =>
      who.client.request('PATCH', `/api/calls/${callId}/transcript/lines/${id}`, {
        body: { text },
      });
    const mine = await edit(ada, adaLine.id, 'I slept better this week.');
    expect(mine.status).toBe(200);
    expect(mine.json()).toMatchObject({ text: 'I slept better this week.', edited: true });
    const theirs = await edit(ada, bobLine.id, 'Bob said nothing');
    expect(theirs.status).toBe(403);
    expect(theirs.json()).toMatchObject({ code: 'NOT_OWNER' });
    expect((await edit(ada, randomUUID(), 'x')).status).toBe(404);
    expect((await transcript(bob, callId)).lines.map((l) => l.text)).toEqual([
      'I slept better this week.',
      bobLine.text,
    ]);

    // The analysis reads what Ada said (her lines only), as her item; Bob cannot open it.
    const item = `${callId}:${ada.userId}`;
    expect(await app.contentEvents.source('call')?.load(item)).toMatchObject({
      userId: ada.userId,
      text: 'I slept better this week.',
      title: 'Call with Bob Edits',
    });
    await app.analysis.analyseItem({ userId: ada.userId, kind: 'call', id: item });
    expect((await ada.client.get(`/api/insights/items/call/${item}`)).status).toBe(200);
    expect((await bob.client.get(`/api/insights/items/call/${item}`)).status).toBe(404);

    // Both people's export holds the whole transcript.
    for (const who of [ada, bob]) {
      const exported = (await who.client.get('/api/account/export')).json<{
        call_transcripts: { call_id: string; speaker: string; mine: boolean; text: string }[];
      }>();
      expect(exported.call_transcripts.map((l) => [l.speaker, l.mine, l.text])).toEqual([
        ['Ada Edits', who === ada, 'I slept better this week.'],
        ['Bob Edits', who === bob, bobLine.text],
      ]);
    }

    // Ada deletes her data: her lines go, Bob keeps his.
    expect((await ada.client.post('/api/account/delete-data')).status).toBe(200);
    expect((await ada.client.get(`/api/calls/${callId}/transcript`)).status).toBe(404);
    const kept = await transcript(bob, callId);
    expect(kept.lines.map((l) => [l.speaker.name, l.text])).toEqual([['Bob Edits', bobLine.text]]);
    expect(kept.call.hasTranscript).toBe(true);
  });

  it('refuses pieces sent far faster than a recorder makes them (429), before storing them', async () => {
    const ada = await caller('Ada Floods');
    const bob = await caller('Bob Flooded');
    const callId = await connected(ada, bob);
    await recordingTranscript(ada, bob, callId);
    const statuses: number[] = [];
    for (let i = 0; i < CALL_TRANSCRIPT_SEGMENT_LIMIT.max + 1; i++)
      statuses.push((await segment(ada, callId, 1_000)).status);
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await transcript(bob, callId)).lines).toHaveLength(CALL_TRANSCRIPT_SEGMENT_LIMIT.max);
    signal(ada, { kind: 'end', callId });
    await event(bob, 'call.ended', callId);
  });

  it('after Stop, takes one piece per person even when many are sent at once (N14)', async () => {
    const ada = await caller('Ada Stops');
    const bob = await caller('Bob Keeps Sending');
    const callId = await connected(ada, bob);
    await recordingTranscript(ada, bob, callId);
    app.clock.advance(8_000);
    signal(ada, { kind: 'transcript-stop', callId });
    await transcriptChange(bob, 'stopped');
    const burst = await Promise.all(Array.from({ length: 8 }, () => segment(bob, callId, 5_000)));
    expect(burst.map((r) => r.status).sort()).toEqual([201, ...Array<number>(7).fill(409)]);
    expect((await transcript(ada, callId)).lines).toHaveLength(1);
  });
});
