import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CareScope } from '@kaleido/shared/care/care.schemas';
import type { CareAlert } from '@kaleido/shared/care/care-alerts.schemas';
import type { AccessLogResponse } from '@kaleido/shared/care/care-records.schemas';
import { EMOTIONS, type Emotion } from '@kaleido/shared/insights/insights.constants';
import type { ItemAnalysis } from '@kaleido/shared/insights/item-analysis.schemas';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import { analysisItems } from '../../db/schema/analysis';
import { setRole } from '../../../test/fixtures/accounts-fixtures';
import { linkProfessional, setMasterSwitch } from '../../../test/fixtures/care-fixtures';
import { person, type Person } from '../../../test/fixtures/chat-fixtures';
import { waitFor } from '../../../test/fixtures/wait-for';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Alerts on fixed data: analysis rows with set values (no analysis runs here), checked for each
 * professional by what the person shares with them and by their sensitivity and threshold.
 */
let app: TestApp;
let owner: Person;
const SECRET_TITLE = 'Private night thoughts';
const pros = {} as Record<
  'mood' | 'low' | 'entries' | 'transcripts' | 'quiet' | 'stranger',
  Person
>;
const recentEntries: string[] = [];

function fixedResult(valence: number, emotions: Partial<Record<Emotion, number>>): ItemAnalysis {
  const none = { rate: 0, count: 0, words: [] };
  return {
    valence,
    valenceWords: [],
    emotions: Object.fromEntries(
      EMOTIONS.map((e) => [e, { score: emotions[e] ?? 0, count: emotions[e] ? 1 : 0, words: [] }]),
    ) as unknown as ItemAnalysis['emotions'],
    dominantEmotion: null,
    themes: [],
    markers: { first_person_singular: none, absolutist: none, negation: none },
    wordCount: 12,
    version: 'fixed',
  };
}

/** A private journal entry of `who`, with its analysis set to fixed values `daysAgo`. */
async function analysedEntry(
  who: Person,
  daysAgo: number,
  valence: number,
  mood: Mood,
  emotions: Partial<Record<Emotion, number>> = {},
): Promise<string> {
  const created = await who.client.post('/api/journal/entries', {
    title: SECRET_TITLE,
    content: 'Words only the writer reads.',
    mood,
    privacyLevel: 'private',
  });
  expect(created.status, created.body).toBe(201);
  const id = created.json<JournalEntry>().id;
  await app.database.db.insert(analysisItems).values({
    userId: who.userId,
    sourceKind: 'journal',
    sourceId: id,
    occurredAt: new Date(app.clock.now().getTime() - daysAgo * 86_400_000),
    mood,
    valence,
    dominantEmotion: null,
    result: fixedResult(valence, emotions),
    terms: {},
    title: SECRET_TITLE,
    snippet: 'Words only the writer reads.',
    href: null,
    tags: [],
    contentHash: `fixed-${id}`,
  });
  return id;
}

/** A professional (client role, ethical use confirmed) linked to `who` with these scopes. */
async function professional(
  name: string,
  who: Person | null,
  scopes: CareScope[],
  alertPreferences: Record<string, unknown> = {},
) {
  const pro = await person(app, name);
  await setRole(app, pro.userId, 'client');
  if (who) await linkProfessional(pro, who, scopes);
  const saved = await pro.client.request('PATCH', '/api/settings/professional_settings', {
    body: { ethical_use_confirmed: true, alert_preferences: alertPreferences },
  });
  expect(saved.status, saved.body).toBe(200);
  return pro;
}

const alertsOf = async (pro: Person, query = '') => {
  const response = await pro.client.get(`/api/care/alerts${query}`);
  expect(response.status, response.body).toBe(200);
  return response.json<{ alerts: CareAlert[] }>().alerts;
};
const kindsOf = async (pro: Person) => (await alertsOf(pro)).map((a) => a.kind).sort();

beforeAll(async () => {
  app = await createTestApp();
  owner = await person(app, 'Olive Owner');
  pros.mood = await professional('Mood Pro', owner, ['mood_and_insights']);
  pros.low = await professional('Low Pro', owner, ['mood_and_insights'], {
    spike_sensitivity: 'low',
  });
  pros.entries = await professional('Entries Pro', owner, ['shared_journal_entries']);
  pros.transcripts = await professional('Transcripts Pro', owner, ['voice_note_transcripts']);
  pros.quiet = await professional('Quiet Pro', owner, ['mood_and_insights'], {
    risk_alerts: false,
  });
  pros.stranger = await professional('Stranger Pro', null, []);
  // Four weeks of good days, then two hard ones: tone −0.6 (was 0.5), sad, sadness 0.7.
  for (let day = 10; day < 15; day++) await analysedEntry(owner, day, 0.5, 'happy');
  for (const day of [1, 2])
    recentEntries.push(await analysedEntry(owner, day, -0.6, 'sad', { sadness: 0.7 }));
}, 180_000);

afterAll(async () => {
  await (app as TestApp | undefined)?.close();
});

describe('care alerts', () => {
  it('raises alerts only from what each professional is shared, tuned by their settings', async () => {
    expect(await app.careAlerts.check(owner.userId)).toBe(5);
    // Medium sensitivity: the tone and mood drops and the sadness spike (0.7 ≥ 0.5).
    expect(await kindsOf(pros.mood)).toEqual(['emotional_spike', 'mood_drop', 'valence_drop']);
    // Low sensitivity: a spike must be 0.75; the drops are large enough.
    expect(await kindsOf(pros.low)).toEqual(['mood_drop', 'valence_drop']);
    // Entries only, none shared; transcripts only, none; alerts off; no relationship.
    for (const pro of [pros.entries, pros.transcripts, pros.quiet, pros.stranger])
      expect(await kindsOf(pro)).toEqual([]);

    const alerts = await alertsOf(pros.mood);
    const drop = alerts.find((a) => a.kind === 'valence_drop');
    expect(drop).toMatchObject({
      person: { id: owner.userId, name: 'Olive Owner' },
      status: 'open',
      values: { recentMean: -0.6, recentCount: 2, baselineMean: 0.5, baselineCount: 5 },
    });
    expect(drop?.values.change).toBeCloseTo(-1.1);
    expect(drop?.evidence.map((e) => [e.valence, e.mood, e.title])).toEqual([
      [-0.6, 'sad', null],
      [-0.6, 'sad', null],
    ]);
    expect(drop?.summary).toContain("Olive Owner's emotional tone fell from 0.50 to -0.60");
    // Private entries: their titles and words never reach the professional.
    const body = (await pros.mood.client.get('/api/care/alerts')).body;
    expect(body).not.toContain(SECRET_TITLE);
    expect(body).not.toContain('Words only');

    const notifications = (await pros.mood.client.get('/api/notifications')).json<{
      notifications: { title: string; link: string | null }[];
    }>().notifications;
    expect(notifications.filter((n) => n.title === 'Alert about Olive Owner')).toHaveLength(3);
    expect(notifications[0]?.link).toBe(`/client/people/${owner.userId}`);
    const dashboard = (await pros.mood.client.get('/api/care/dashboard')).json();
    expect(dashboard).toMatchObject({ openAlerts: 3 });

    // The person sees each alert as a read of their shared data (alike ones of an hour are one
    // row, counted).
    const log = (await owner.client.get('/api/care/access-log')).json<AccessLogResponse>();
    const alertReads = log.entries.filter((e) => e.what === 'alert');
    const moodReads = alertReads.filter((e) => e.professional.id === pros.mood.userId);
    expect(moodReads.reduce((sum, e) => sum + e.readCount, 0)).toBe(3);
    expect(alertReads.filter((e) => e.professional.id === pros.entries.userId)).toHaveLength(0);

    // Checked again with nothing new: no second alert for the same trigger.
    expect(await app.careAlerts.check(owner.userId)).toBe(0);
  });

  it('alerts the entries-only professional from the one entry the person shares', async () => {
    const [newest] = recentEntries;
    const shared = await owner.client.request('PATCH', `/api/journal/entries/${newest}`, {
      body: { privacyLevel: 'shared_with_clients' },
    });
    expect(shared.status, shared.body).toBe(200);
    expect(await app.careAlerts.check(owner.userId)).toBe(1);
    const [alert, ...rest] = await alertsOf(pros.entries);
    expect(rest).toEqual([]);
    // One shared item, no shared baseline: a spike, not a drop; the shared entry is named.
    expect(alert).toMatchObject({ kind: 'emotional_spike', values: { recentCount: 1 } });
    expect(alert?.evidence.map((e) => [e.title, e.emotion])).toEqual([[SECRET_TITLE, 'sadness']]);
  });

  it('raises nothing while the master switch is off', async () => {
    const quinn = await person(app, 'Quinn Quiet');
    const pro = await professional('Switch Pro', quinn, ['mood_and_insights']);
    await setMasterSwitch(quinn, false);
    for (let day = 10; day < 15; day++) await analysedEntry(quinn, day, 0.5, 'happy');
    for (const day of [1, 2]) await analysedEntry(quinn, day, -0.6, 'sad', { sadness: 0.9 });
    expect(await app.careAlerts.check(quinn.userId)).toBe(0);
    expect(await kindsOf(pro)).toEqual([]);
    await setMasterSwitch(quinn, true);
    expect(await app.careAlerts.check(quinn.userId)).toBe(3);
  });

  it('acknowledges and dismisses, only for the professional, only while they work together', async () => {
    const [first, second] = await alertsOf(pros.mood);
    expect(first && second).toBeTruthy();
    if (!first || !second) return;
    expect((await pros.low.client.post(`/api/care/alerts/${first.id}/acknowledge`)).status).toBe(
      404,
    );
    expect((await owner.client.post(`/api/care/alerts/${first.id}/dismiss`)).status).toBe(404);
    expect((await pros.mood.client.post(`/api/care/alerts/${first.id}/acknowledge`)).status).toBe(
      200,
    );
    expect((await pros.mood.client.post(`/api/care/alerts/${second.id}/dismiss`)).status).toBe(200);
    expect((await alertsOf(pros.mood)).map((a) => a.id)).not.toContain(first.id);
    const current = await alertsOf(pros.mood, '?status=current');
    expect(current.find((a) => a.id === first.id)?.status).toBe('acknowledged');
    expect(current.map((a) => a.id)).not.toContain(second.id);
    expect((await pros.mood.client.get('/api/care/dashboard')).json()).toMatchObject({
      openAlerts: 1,
    });

    // The person ends the relationship: the professional's alerts about them are gone.
    const [lowAlert] = await alertsOf(pros.low);
    const relationships = (await owner.client.get('/api/care/relationships')).json<{
      relationships: { id: string; other: { id: string } }[];
    }>().relationships;
    const withLow = relationships.find((r) => r.other.id === pros.low.userId);
    expect(
      (await owner.client.request('DELETE', `/api/care/relationships/${withLow?.id}`)).status,
    ).toBe(200);
    expect(await alertsOf(pros.low)).toEqual([]);
    expect((await pros.low.client.post(`/api/care/alerts/${lowAlert?.id}/dismiss`)).status).toBe(
      404,
    );
    expect((await pros.low.client.get('/api/care/dashboard')).json()).toMatchObject({
      openAlerts: 0,
    });
  });

  it('runs as a job after analysis of what the person writes', async () => {
    const pat = await person(app, 'Pat Writer');
    const pro = await professional('Job Pro', pat, ['mood_and_insights'], {
      risk_threshold: 'aggressive',
    });
    for (let day = 10; day < 13; day++) await analysedEntry(pat, day, 0.6, 'happy');
    const created = await pat.client.post('/api/journal/entries', {
      title: 'A hard day',
      content: 'I feel terrible, hopeless and miserable. Everything is awful and I hate it.',
      mood: 'sad',
    });
    expect(created.status, created.body).toBe(201);
    // The analysis job's handler (this test app runs no analysis worker), then the queue.
    await app.analysis.analyseItem({
      userId: pat.userId,
      kind: 'journal',
      id: created.json<JournalEntry>().id,
    });
    const alerts = await waitFor(async () => {
      const found = await alertsOf(pro);
      const kinds = found.map((a) => a.kind);
      return kinds.includes('mood_drop') && kinds.includes('valence_drop') ? found : null;
    }, 'alerts from the care-alerts job');
    // The words also carry a spike of difficult emotions; the drops are what this test fixes.
    expect(alerts.every((a) => a.person.id === pat.userId)).toBe(true);
  });
});
