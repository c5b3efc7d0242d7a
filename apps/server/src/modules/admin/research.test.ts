import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESEARCH_EXPORT_OFF_MESSAGE,
  type AuditPage,
  type ResearchAggregates,
  type ResearchExport,
} from '@kaleido/shared/admin/admin.schemas';
import { sql } from 'drizzle-orm';
import { consoleAdmin } from '../../../test/fixtures/admin-fixtures';
import { person, type Person } from '../../../test/fixtures/chat-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { analysisItems } from '../../db/schema/analysis';
import { QUASI_IDENTIFIERS, pseudonymiser } from './research-anonymity';

let app: TestApp;
let admin: Person;
const people: Person[] = [];
/** The n-th study person (set up in beforeAll). */
const nth = (n: number): Person => {
  const found = people[n];
  if (!found) throw new Error(`no person ${n}`);
  return found;
};
const DAY = 86_400_000;

async function setSharing(who: Person, on: boolean) {
  const response = await who.client.request('PATCH', '/api/settings/privacy_settings', {
    body: { data_sharing: on },
  });
  if (response.status !== 200) throw new Error(`privacy: ${response.body}`);
}

async function setCohort(who: Person, cohort: 'beta' | 'research' | null) {
  const response = await admin.client.request('PUT', `/api/admin/users/${who.userId}/cohort`, {
    body: { cohort },
  });
  if (response.status !== 200) throw new Error(`cohort: ${response.body}`);
}

/** An analysed item as analysis would store it; title and snippet hold free text and names. */
async function item(
  who: Person,
  values: { daysAgo: number; mood?: string | null; emotion?: string | null; source?: string },
) {
  await app.database.db.insert(analysisItems).values({
    userId: who.userId,
    sourceKind: (values.source ?? 'journal') as 'journal',
    sourceId: randomUUID(),
    occurredAt: new Date(app.clock.now().getTime() - values.daysAgo * DAY),
    mood: (values.mood === undefined ? 'happy' : values.mood) as 'happy',
    valence: 0.5,
    dominantEmotion: (values.emotion === undefined ? 'joy' : values.emotion) as 'joy',
    result: {} as never,
    terms: {},
    title: `TITLE of ${who.name}`,
    snippet: `my private words, ${who.email}`,
    tags: ['secret-tag'],
    contentHash: randomUUID(),
  });
}

async function clearItems() {
  await app.database.db.execute(sql`delete from analysis_items`);
}

const aggregates = async (query = 'cohort=research') =>
  (await admin.client.get(`/api/admin/research/aggregates?${query}`)).json<ResearchAggregates>();

async function exported(query: string) {
  const response = await admin.client.get(`/api/admin/research/export?cohort=research&${query}`);
  expect(response.status, response.body).toBe(200);
  return response;
}

const pidOf = (tag: string) => pseudonymiser(app.config.AUTH_SECRET ?? '', tag);

beforeAll(async () => {
  app = await createTestApp();
  admin = await consoleAdmin(app, 'Research Admin');
  for (let i = 0; i < 9; i++) {
    const someone = await person(app, `Study Person${i}`);
    people.push(someone);
    await setCohort(someone, 'research');
    await setSharing(someone, i < 6);
  }
  await setCohort(admin, 'research');
  await setSharing(admin, true);
});
afterAll(async () => {
  await app.close();
});

describe('research tools', () => {
  it('aggregates consenting people only; admins also need research consent', async () => {
    await clearItems();
    for (const someone of [...people, admin]) await item(someone, { daysAgo: 2 });
    let result = await aggregates();
    // Six people share; three do not; the admin shares but has not given research consent.
    expect(result.people).toBe(6);
    expect(result.mood).toEqual([{ value: 'happy', items: 6, people: 6 }]);
    expect(result.k).toBe(5);
    expect(result.exportEnabled).toBe(false);

    const consent = await admin.client.request('PATCH', '/api/profile', {
      body: { field: 'research_consent', value: true },
    });
    expect(consent.status, consent.body).toBe(200);
    result = await aggregates();
    expect(result.people).toBe(7);
    // Another cohort holds none of them.
    expect((await aggregates('cohort=beta')).people).toBeNull();
    await admin.client.request('PATCH', '/api/profile', {
      body: { field: 'research_consent', value: false },
    });
  });

  it('filters by the date range of §9 (7, 30 by default, 90 days, custom)', async () => {
    await clearItems();
    for (const someone of people.slice(0, 6)) {
      await item(someone, { daysAgo: 3 });
      await item(someone, { daysAgo: 20 });
      await item(someone, { daysAgo: 60 });
    }
    const items = (r: ResearchAggregates) => r.mood.reduce((n, c) => n + c.items, 0);
    expect(items(await aggregates('cohort=research&range=7d'))).toBe(6);
    expect(items(await aggregates('cohort=research'))).toBe(12);
    expect(items(await aggregates('cohort=research&range=90d'))).toBe(18);
    const day = (ago: number) =>
      new Date(app.clock.now().getTime() - ago * DAY).toISOString().slice(0, 10);
    expect(
      items(await aggregates(`cohort=research&range=custom&from=${day(61)}&to=${day(19)}`)),
    ).toBe(12);
    const bad = await admin.client.get('/api/admin/research/aggregates?range=custom');
    expect(bad.status).toBe(400);
  });

  it('suppresses cells below k and says how many', async () => {
    await clearItems();
    for (const someone of people.slice(0, 6)) await item(someone, { daysAgo: 1 });
    for (const someone of people.slice(0, 2)) await item(someone, { daysAgo: 1, mood: 'angry' });
    const result = await aggregates();
    expect(result.mood.map((c) => c.value)).toEqual(['happy']);
    expect(result.suppressedCells).toBeGreaterThan(0);
  });

  it('exports only in research mode, pseudonymous, k-anonymous, without identifiers; audited', async () => {
    await clearItems();
    for (const someone of people) await item(someone, { daysAgo: 1 });
    await item(nth(0), { daysAgo: 1, mood: 'sad' });

    const off = await admin.client.get('/api/admin/research/export?datasetTag=study-a');
    expect(off.status).toBe(403);
    expect(off.json()).toMatchObject({ message: RESEARCH_EXPORT_OFF_MESSAGE, code: 'FEATURE_OFF' });

    // Auditing off: the export is still on record.
    const settings = await admin.client.request('PATCH', '/api/admin/settings', {
      body: { system: { compliance_mode: 'research', audit_logs: false } },
    });
    expect(settings.status, settings.body).toBe(200);
    const noTag = await admin.client.get('/api/admin/research/export');
    expect(noTag.status).toBe(400);

    const first = await exported('datasetTag=study-a');
    const data = first.json<ResearchExport>();
    expect(first.headers['content-disposition']).toContain('research-study-a-');
    const pid = pidOf('study-a');
    const consenting = new Set(people.slice(0, 6).map((p) => pid(p.userId)));
    expect(new Set(data.records.map((r) => r.pid))).toEqual(consenting);
    expect(data.records).toHaveLength(6);
    // The 'sad' item is one person's: suppressed, and counted.
    expect(data.suppressed.records).toBe(1);
    expect(data.dataset).toMatchObject({ tag: 'study-a', k: 5, cohort: 'research' });
    for (const someone of [...people, admin]) {
      expect(first.body).not.toContain(someone.email);
      expect(first.body).not.toContain(someone.name);
      expect(first.body).not.toContain(someone.userId);
    }
    expect(first.body).not.toMatch(/private words|TITLE|secret-tag|T\d{2}:\d{2}/);

    // Stable per dataset; another dataset's pseudonyms differ.
    const again = (await exported('datasetTag=study-a')).json<ResearchExport>();
    expect(again.records.map((r) => r.pid).sort()).toEqual(data.records.map((r) => r.pid).sort());
    const other = (await exported('datasetTag=study-b')).json<ResearchExport>();
    expect(other.records.some((r) => consenting.has(r.pid))).toBe(false);

    const csv = await exported('datasetTag=study-a&format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('suppressed_records=1');
    expect(csv.body).toContain('pid,week,source,mood,emotion');

    const audit = (
      await admin.client.get('/api/admin/audit?source=admin&action=admin.research_exported')
    ).json<AuditPage>();
    expect(audit.total).toBe(4);
    expect(audit.entries[0]?.details).toMatchObject({ datasetTag: 'study-a', format: 'csv' });

    // Withdrawing consent removes the person from the next export.
    await setSharing(nth(1), false);
    const after = (await exported('datasetTag=study-a')).json<ResearchExport>();
    expect(after.records.map((r) => r.pid)).not.toContain(pid(nth(1).userId));
    await setSharing(nth(1), true);
    await admin.client.request('PATCH', '/api/admin/settings', {
      body: { system: { compliance_mode: 'standard', audit_logs: true } },
    });
  });

  it('releases only consenting people and groups of at least k over random data sets (property)', async () => {
    await admin.client.request('PATCH', '/api/admin/settings', {
      body: { system: { compliance_mode: 'research' } },
    });
    const pid = pidOf('prop');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: people.length, maxLength: people.length }),
        fc.array(
          fc.record({
            who: fc.integer({ min: 0, max: people.length - 1 }),
            daysAgo: fc.integer({ min: 0, max: 29 }),
            mood: fc.constantFrom('happy', 'sad', null),
            emotion: fc.constantFrom('joy', 'fear', null),
            source: fc.constantFrom('journal', 'chat'),
          }),
          { maxLength: 60 },
        ),
        async (sharing, items) => {
          await clearItems();
          for (const [i, someone] of people.entries())
            await setSharing(someone, sharing[i] ?? false);
          for (const it of items) await item(nth(it.who), it);
          const response = await exported('datasetTag=prop');
          const data = response.json<ResearchExport>();
          const allowed = new Set(people.filter((_, i) => sharing[i]).map((p) => pid(p.userId)));
          const groups = new Map<string, Set<string>>();
          for (const r of data.records) {
            expect(allowed.has(r.pid)).toBe(true);
            const key = JSON.stringify(QUASI_IDENTIFIERS.map((q) => r[q]));
            groups.set(key, (groups.get(key) ?? new Set()).add(r.pid));
          }
          for (const group of groups.values()) expect(group.size).toBeGreaterThanOrEqual(5);
          const { mood, emotion, activity } = data.aggregates;
          for (const cell of [...mood, ...emotion, ...activity])
            expect(cell.people).toBeGreaterThanOrEqual(5);
          for (const someone of people) expect(response.body).not.toContain(someone.email);
          const consentingWithItems = new Set(
            items.filter((it) => sharing[it.who]).map((it) => it.who),
          ).size;
          expect(data.people).toBe(consentingWithItems >= 5 ? consentingWithItems : null);
        },
      ),
      { numRuns: 8 },
    );
    for (const [i, someone] of people.entries()) await setSharing(someone, i < 6);
  }, 120_000);
});

describe('relationships in the console', () => {
  it('lists, proposes (the person accepts) and ends; pending ones count on the overview', async () => {
    const professional = await person(app, 'Console Coach');
    await admin.client.request('PUT', `/api/admin/users/${professional.userId}/role`, {
      body: { role: 'client' },
    });
    const someone = nth(7);
    const before = (await admin.client.get('/api/admin/overview')).json<{
      pendingAccessRequests: number;
    }>().pendingAccessRequests;
    const proposed = await admin.client.post('/api/admin/relationships', {
      professionalEmail: professional.email,
      personEmail: someone.email,
    });
    expect(proposed.status, proposed.body).toBe(201);
    const { id } = proposed.json<{ id: string }>();
    expect(
      (await admin.client.get('/api/admin/overview')).json<{ pendingAccessRequests: number }>()
        .pendingAccessRequests,
    ).toBe(before + 1);
    const again = await admin.client.post('/api/admin/relationships', {
      professionalEmail: professional.email,
      personEmail: someone.email,
    });
    expect(again.status).toBe(409);
    // A plain user cannot be the professional.
    const notPro = await admin.client.post('/api/admin/relationships', {
      professionalEmail: nth(8).email,
      personEmail: someone.email,
    });
    expect(notPro.status).toBe(400);

    const accepted = await someone.client.post(`/api/care/relationships/${id}/accept`, {});
    expect(accepted.status, accepted.body).toBe(200);
    const listed = (
      await admin.client.get(`/api/admin/relationships?q=${encodeURIComponent(someone.email)}`)
    ).json<{ relationships: { id: string; status: string }[]; total: number }>();
    expect(listed.relationships).toEqual([expect.objectContaining({ id, status: 'active' })]);

    const ended = await admin.client.request('DELETE', `/api/admin/relationships/${id}`);
    expect(ended.status, ended.body).toBe(200);
    const endedList = (await admin.client.get('/api/admin/relationships?status=ended')).json<{
      relationships: { id: string }[];
    }>();
    expect(endedList.relationships.map((r) => r.id)).toContain(id);
    const actions = (
      await admin.client.get(`/api/admin/audit?source=admin&userId=${someone.userId}`)
    )
      .json<AuditPage>()
      .entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['admin.relationship_proposed', 'admin.relationship_ended']),
    );
  });
});
