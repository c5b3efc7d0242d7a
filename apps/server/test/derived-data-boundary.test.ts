import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CareAlert } from '@kaleido/shared/care/care-alerts.schemas';
import type { CarePersonInsights } from '@kaleido/shared/care/care-reads.schemas';
import type { InsightList } from '@kaleido/shared/insights/insight-cards.schemas';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { analysisItems } from '../src/db/schema/analysis';
import { journalEntries } from '../src/db/schema/journal';
import { consoleAdmin } from './fixtures/admin-fixtures';
import { setRole } from './fixtures/accounts-fixtures';
import { linkProfessional, setConsent, setMasterSwitch } from './fixtures/care-fixtures';
import { person, sent, startConversation, WEBM, type Person } from './fixtures/chat-fixtures';
import { mailed } from './fixtures/email-fixtures';
import { waitFor } from './fixtures/wait-for';
import { multipart } from './multipart';
import { createTestApp, type TestApp } from './test-app';

/**
 * The consent boundary on derived data (DESIGN §10 "Provenance", decision 039): a person writes
 * private journal entries, chats and letters to a third party, a shared entry and a voice note,
 * each holding a marker word found nowhere else. The analysis and care-alerts jobs run. Then, for
 * every consent phase, every route a professional has (JSON, CSV, PDF read back with pdftotext,
 * the account export and its zip) and the admin console's routes are read, and no marker the
 * reader may not read as text at that moment may appear — in a claim, a chart label, a card id,
 * an alert's evidence, a report section, anywhere.
 */

const MARKERS = {
  /** Private journal entries: their words (a rising theme), their tag and their title. */
  privateWords: 'zqcustody',
  privateTag: 'zqtagsecret',
  privateTitle: 'zqnighttitle',
  /** Chat messages and letters to a third party. */
  chat: 'zqkumquat',
  letter: 'zqletterword',
  /** The one entry marked "Shared with clients" (title and words). */
  shared: 'zqsharedgarden',
  /** A voice note's title and transcript. */
  voice: 'zqharbour',
} as const;
type Marker = keyof typeof MARKERS;

const DAY_MS = 86_400_000;
let app: TestApp;
let owner: Person;
let third: Person;
let coach: Person;
let admin: Person;
let relationshipId: string;
let sharedEntryId: string;
/** Every item the owner made, with how many days ago it should have happened. */
const made: { id: string; daysAgo: number }[] = [];

async function entry(
  title: string,
  content: string,
  mood: string,
  daysAgo: number,
  options: { tags?: string[]; privacyLevel?: string } = {},
) {
  const created = await owner.client.post('/api/journal/entries', {
    title,
    content,
    mood,
    tags: options.tags ?? [],
    privacyLevel: options.privacyLevel ?? 'private',
  });
  expect(created.status, created.body).toBe(201);
  const id = created.json<JournalEntry>().id;
  made.push({ id, daysAgo });
  return id;
}

/** A GET with the reader's cookies; PDFs come back as pdftotext's text, zips unpacked. */
async function read(reader: Person, url: string): Promise<{ status: number; text: string }> {
  const response = await app.app.inject({
    method: 'GET',
    url,
    remoteAddress: reader.client.ip,
    headers: { cookie: [...reader.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  const type = response.headers['content-type'] ?? '';
  if (response.statusCode !== 200 || !/application\/(pdf|zip)/.test(type))
    return { status: response.statusCode, text: response.body };
  const dir = mkdtempSync(join(tmpdir(), 'derived-boundary-'));
  try {
    const file = join(dir, type.includes('pdf') ? 'read.pdf' : 'read.zip');
    writeFileSync(file, response.rawPayload);
    const text = type.includes('pdf')
      ? execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      : execFileSync('unzip', ['-p', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    // A PDF or zip that reads back empty would prove nothing.
    expect(text.length, url).toBeGreaterThan(0);
    return { status: 200, text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isoDay = (daysAgo: number) =>
  new Date(app.clock.now().getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** Every route the professional has about the owner, and their own account's. */
function professionalUrls(): string[] {
  const p = `/api/care/people/${owner.userId}`;
  const period = `from=${isoDay(80)}&to=${isoDay(0)}`;
  return [
    '/api/care/dashboard',
    '/api/care/people',
    '/api/care/relationships',
    p,
    `${p}/profile`,
    `${p}/insights`,
    `${p}/mood`,
    `${p}/entries`,
    `${p}/transcripts`,
    `${p}/notes`,
    '/api/care/alerts',
    '/api/care/alerts?status=current',
    `/api/care/alerts?personId=${owner.userId}&status=current`,
    ...['brief', 'standard', 'detailed'].flatMap((format) => [
      `${p}/report.pdf?${period}&format=${format}`,
      `${p}/report.csv?${period}&format=${format}`,
    ]),
    '/api/notifications',
    '/api/dashboard',
    '/api/account/export',
    '/api/account/export.zip',
  ];
}

/** The admin console (an admin in the admin interface), research included. */
function adminUrls(): string[] {
  return [
    '/api/admin/overview',
    '/api/admin/health',
    '/api/admin/users',
    `/api/admin/users/${owner.userId}`,
    `/api/admin/users/${coach.userId}`,
    '/api/admin/relationships',
    '/api/admin/audit',
    '/api/admin/audit.csv',
    '/api/admin/retention/preview',
    '/api/admin/research/aggregates',
    '/api/admin/research/aggregates?range=90d',
    '/api/admin/research/export?format=json&datasetTag=boundary',
    '/api/admin/research/export?format=csv&datasetTag=boundary',
  ];
}

/** "GET url: marker" for every marker found where the reader may not read it. */
async function leaks(reader: Person, urls: string[], allowed: readonly Marker[]) {
  const found: string[] = [];
  const statuses: Record<string, number> = {};
  for (const url of urls) {
    const { status, text } = await read(reader, url);
    statuses[url] = status;
    const lower = text.toLowerCase();
    for (const [name, marker] of Object.entries(MARKERS) as [Marker, string][])
      if (!allowed.includes(name) && lower.includes(marker)) found.push(`GET ${url}: ${name}`);
  }
  return { found, statuses };
}

async function alertsOfCoach(query = '?status=current') {
  const response = await coach.client.get(`/api/care/alerts${query}`);
  expect(response.status, response.body).toBe(200);
  return response.json<{ alerts: CareAlert[] }>().alerts;
}

beforeAll(async () => {
  app = await createTestApp({}, { analysisWorker: true });
  owner = await person(app, 'Pat Person');
  third = await person(app, 'Ben Third');
  coach = await person(app, 'Carol Coach');
  await setRole(app, coach.userId, 'client');
  relationshipId = await linkProfessional(coach, owner, [
    'mood_and_insights',
    'shared_journal_entries',
    'voice_note_transcripts',
  ]);
  admin = await consoleAdmin(app, 'Ada Admin');
  // The person is in research data, and the instance releases it (research compliance mode).
  const sharing = await owner.client.request('PATCH', '/api/settings/privacy_settings', {
    body: { data_sharing: true },
  });
  expect(sharing.status, sharing.body).toBe(200);
  const research = await admin.client.request('PATCH', '/api/admin/settings', {
    body: { system: { compliance_mode: 'research' } },
  });
  expect(research.status, research.body).toBe(200);

  // Earlier weeks: calm private entries, tagged (the baseline; the tag goes with better days).
  for (let daysAgo = 16; daysAgo <= 40; daysAgo += 4)
    await entry(
      `Morning ${MARKERS.privateTitle}`,
      'A lovely calm walk in the park, happy and grateful for the sunshine.',
      'happy',
      daysAgo,
      { tags: [MARKERS.privateTag] },
    );
  // The last week: hard private days about one private matter (a rising theme).
  for (let daysAgo = 1; daysAgo <= 6; daysAgo++)
    await entry(
      `Night ${MARKERS.privateTitle}`,
      `The ${MARKERS.privateWords} lawyer called again. Another ${MARKERS.privateWords} fight, I feel hopeless and sad.`,
      'sad',
      daysAgo,
    );
  // One entry shared with clients, and a voice note with a transcript.
  sharedEntryId = await entry(
    `Evening ${MARKERS.shared}`,
    `The ${MARKERS.shared} felt awful tonight, I feel hopeless and miserable.`,
    'sad',
    1,
    { privacyLevel: 'shared_with_clients' },
  );
  const note = await owner.client.upload(
    '/api/voice-notes',
    multipart(
      { title: `Memo ${MARKERS.voice}`, durationMs: '1000' },
      { name: 'r.webm', type: 'audio/webm', data: WEBM },
    ),
  );
  expect(note.status, note.body).toBe(201);
  const noteId = note.json<{ id: string }>().id;
  const transcribed = await owner.client.request('PATCH', `/api/voice-notes/${noteId}`, {
    body: { transcript: `The ${MARKERS.voice} walk was terrible, I feel awful and hopeless.` },
  });
  expect(transcribed.status, transcribed.body).toBe(200);
  made.push({ id: noteId, daysAgo: 2 });
  // Private conversation and letters with a third party.
  const conversation = await startConversation(owner, third);
  for (let daysAgo = 1; daysAgo <= 5; daysAgo++) {
    const message = await sent(
      owner,
      conversation.id,
      `We talked about ${MARKERS.chat} smuggling again, awful and scary.`,
    );
    made.push({ id: message.id, daysAgo });
  }
  for (const daysAgo of [2, 3]) {
    const letter = await mailed(owner, {
      to: [third.email],
      subject: `About the ${MARKERS.letter}`,
      content: `The ${MARKERS.letter} plan worries me, I feel anxious.`,
    });
    made.push({ id: letter.id, daysAgo });
  }

  // The analysis job analyses everything; then each item is moved to its day.
  const ids = made.map((m) => m.id);
  await waitFor(
    async () =>
      (
        await app.database.db
          .select({ id: analysisItems.sourceId })
          .from(analysisItems)
          .where(and(eq(analysisItems.userId, owner.userId), inArray(analysisItems.sourceId, ids)))
      ).length === ids.length,
    'analysis of every item',
    60_000,
  );
  for (const { id, daysAgo } of made) {
    const at = new Date(app.clock.now().getTime() - daysAgo * DAY_MS);
    await app.database.db
      .update(analysisItems)
      .set({ occurredAt: at })
      .where(and(eq(analysisItems.userId, owner.userId), eq(analysisItems.sourceId, id)));
    await app.database.db
      .update(journalEntries)
      .set({ createdAt: at })
      .where(eq(journalEntries.id, id));
  }
  await app.analysis.rebuildRollups(owner.userId);
  await app.bus.publish({
    room: `user:${owner.userId}`,
    name: 'insights.updated',
    data: { reason: 'analysed' },
  });

  // The care-alerts job, as analysis queues it: drops from the last week's hard days.
  await app.careAlerts.queue(owner.userId);
  await waitFor(
    async () => (await alertsOfCoach()).some((a) => a.kind === 'valence_drop'),
    'the care-alerts job',
  );
}, 240_000);

afterAll(async () => {
  await (app as TestApp | undefined)?.close();
});

describe('derived data reaches a reader only when every source is readable by them now', () => {
  it('keeps the owner’s own view whole (the markers are really in the derived data)', async () => {
    const list = (await owner.client.get('/api/insights')).json<InsightList>();
    const text = JSON.stringify(list).toLowerCase();
    for (const marker of [MARKERS.privateWords, MARKERS.privateTag, MARKERS.chat])
      expect(text).toContain(marker);
    // Better days go with the private tag — and the card's id does not say so, to anyone.
    const tagged = list.cards.find((c) => c.evidence.words.includes(MARKERS.privateTag));
    expect(tagged?.kind).toBe('better_worse_days');
    for (const card of list.cards) expect(card.id).toMatch(/^[a-z_]+(:[\w-]+)?$/);
    for (const card of list.cards) expect(card.id).not.toContain('zq');
  });

  const phases: {
    name: string;
    enter: () => Promise<void>;
    /** What the professional may read as text in this phase. */
    allowed: Marker[];
    insights: number;
    /** What the professional does see in this phase (so the absences above mean something). */
    sees?: () => Promise<void>;
  }[] = [
    {
      name: 'every scope granted',
      enter: async () => {},
      allowed: ['shared', 'voice'],
      insights: 200,
      sees: async () => {
        // The alerts name the shared entry and the voice note, as titled now.
        const titles = (await alertsOfCoach()).flatMap((a) => a.evidence.map((e) => e.title));
        expect(titles).toEqual(
          expect.arrayContaining([`Evening ${MARKERS.shared}`, `Memo ${MARKERS.voice}`]),
        );
        // The weekly reflection, computed from exactly the two items shared with them.
        const { cards } = (
          await coach.client.get(`/api/care/people/${owner.userId}/insights`)
        ).json<CarePersonInsights>();
        expect(cards.find((c) => c.kind === 'weekly_reflection')).toMatchObject({
          status: 'ok',
          n: 2,
        });
      },
    },
    {
      name: 'every scope, the shared entry made private again',
      enter: async () => {
        const made = await owner.client.request('PATCH', `/api/journal/entries/${sharedEntryId}`, {
          body: { privacyLevel: 'private' },
        });
        expect(made.status, made.body).toBe(200);
      },
      allowed: ['voice'],
      insights: 200,
      sees: async () => {
        // Still alerted (mood and insights covers every entry's figures), the entry untitled.
        const alerts = await alertsOfCoach();
        expect(alerts.map((a) => a.kind)).toContain('valence_drop');
        const titles = alerts.flatMap((a) => a.evidence.map((e) => e.title));
        expect(titles).toContain(`Memo ${MARKERS.voice}`);
        expect(titles).toContain(null);
      },
    },
    {
      name: 'only mood and insights (the entry shared again, the other scopes revoked)',
      enter: async () => {
        const made = await owner.client.request('PATCH', `/api/journal/entries/${sharedEntryId}`, {
          body: { privacyLevel: 'shared_with_clients' },
        });
        expect(made.status, made.body).toBe(200);
        await setConsent(owner, relationshipId, 'shared_journal_entries', false);
        await setConsent(owner, relationshipId, 'voice_note_transcripts', false);
      },
      allowed: [],
      insights: 200,
    },
    {
      name: 'every scope revoked',
      enter: () => setConsent(owner, relationshipId, 'mood_and_insights', false).then(() => {}),
      allowed: [],
      insights: 404,
    },
    {
      name: 'every scope past its end date',
      enter: async () => {
        const end = new Date(app.clock.now().getTime() + 60_000).toISOString();
        for (const scope of [
          'mood_and_insights',
          'shared_journal_entries',
          'voice_note_transcripts',
        ] as const)
          await setConsent(owner, relationshipId, scope, true, end);
        app.clock.advance(120_000);
      },
      allowed: [],
      insights: 404,
    },
    {
      name: 'the master switch off',
      enter: async () => {
        for (const scope of [
          'mood_and_insights',
          'shared_journal_entries',
          'voice_note_transcripts',
        ] as const)
          await setConsent(owner, relationshipId, scope, true);
        await setMasterSwitch(owner, false);
      },
      allowed: [],
      insights: 404,
    },
    {
      name: 'the relationship ended',
      enter: async () => {
        await setMasterSwitch(owner, true);
        const ended = await owner.client.request(
          'DELETE',
          `/api/care/relationships/${relationshipId}`,
        );
        expect(ended.status, ended.body).toBe(200);
      },
      allowed: [],
      insights: 404,
      sees: async () => {
        // Their own export keeps that alerts were raised and answered, not what they showed.
        const exported = JSON.parse((await read(coach, '/api/account/export')).text) as {
          care: { alerts: { withheld: boolean; evidence: unknown[] }[] };
        };
        const alerts = exported.care.alerts;
        expect(alerts.length).toBeGreaterThan(0);
        expect(alerts.every((a) => a.withheld && a.evidence.length === 0)).toBe(true);
      },
    },
  ];

  for (const phase of phases)
    it(`${phase.name}: no professional or admin response holds a marker it may not read`, async () => {
      await phase.enter();
      const professional = await leaks(coach, professionalUrls(), phase.allowed);
      expect(professional.statuses[`/api/care/people/${owner.userId}/insights`]).toBe(
        phase.insights,
      );
      if (phase.insights === 200) {
        const insights = (
          await coach.client.get(`/api/care/people/${owner.userId}/insights`)
        ).json<CarePersonInsights>();
        // The figures are still there: a trend and the emotion mix from every item.
        expect(insights.cards.map((c) => c.kind)).toEqual(
          expect.arrayContaining(['mood_trend', 'valence_trend', 'emotion_mix']),
        );
      }
      const console = await leaks(admin, adminUrls(), []);
      expect(console.statuses['/api/admin/overview']).toBe(200);
      expect(console.statuses['/api/admin/research/export?format=csv&datasetTag=boundary']).toBe(
        200,
      );
      expect([...professional.found, ...console.found]).toEqual([]);
      await phase.sees?.();
    });
});
