import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditPage } from '@kaleido/shared/admin/admin.schemas';
import {
  type ResearchAggregates,
  type ResearchExport,
} from '@kaleido/shared/admin/research.schemas';
import {
  RESEARCH_EPSILON,
  RESEARCH_EXPORT_OFF_MESSAGE,
  RESEARCH_NO_WEEK_MESSAGE,
  RESEARCH_SENSITIVITY,
  RESEARCH_WEEK_BUDGET,
  researchBudgetSpentMessage,
} from '@kaleido/shared/admin/research.schemas';
import { sql } from 'drizzle-orm';
import { consoleAdmin } from '../../../test/fixtures/admin-fixtures';
import { person, type Person } from '../../../test/fixtures/chat-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/client';
import { analysisItems } from '../../db/schema/analysis';
import { weekOf } from './research-anonymity';
import { createResearchRepository } from './research.repository';
import { researchWindow } from './research.service';

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

/** A fresh start: no items, and an empty privacy ledger (a new instance, as far as research goes). */
async function clearAll() {
  await app.database.db.execute(sql`delete from analysis_items`);
  await app.database.db.execute(sql`delete from research_releases`);
}

const aggregates = (query = 'cohort=research') =>
  admin.client.get(`/api/admin/research/aggregates?${query}`);

async function settings(system: Record<string, unknown>) {
  const response = await admin.client.request('PATCH', '/api/admin/settings', { body: { system } });
  expect(response.status, response.body).toBe(200);
}

/** ε spent on each week, as the ledger in the database holds it. */
async function ledgerSpent() {
  const result = await app.database.db.execute(
    sql`select from_week, to_week, epsilon from research_releases`,
  );
  const spent = new Map<string, number>();
  for (const r of rowsOf<{ from_week: string; to_week: string; epsilon: number | string }>(result))
    for (
      let t = Date.parse(`${r.from_week}T00:00:00Z`);
      t < Date.parse(`${r.to_week}T00:00:00Z`);
      t += 7 * DAY
    ) {
      const week = new Date(t).toISOString().slice(0, 10);
      spent.set(week, (spent.get(week) ?? 0) + Number(r.epsilon));
    }
  return spent;
}

const auditOf = async (action: string) =>
  (
    await admin.client.get(`/api/admin/audit?source=admin&action=${action}&pageSize=200`)
  ).json<AuditPage>();

/** The Monday of the last completed week, and a day in it. */
const lastWeek = () => weekOf(new Date(app.clock.now().getTime() - 7 * DAY));
const TEN_DAYS = 10;

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
  const repo = () => createResearchRepository(app.database.db);
  const inRelease = async (cohort: 'research' | 'beta' | 'all' = 'research') => {
    const window = researchWindow({ range: '30d', cohort }, app.clock.now());
    return new Set((await repo().consentingItems({ ...window, cohort })).map((i) => i.userId));
  };

  it('reads consenting people only; admins also need research consent; withdrawal and deletion take people out', async () => {
    await clearAll();
    for (const someone of [...people, admin]) await item(someone, { daysAgo: TEN_DAYS });
    expect(await inRelease()).toEqual(new Set(people.slice(0, 6).map((p) => p.userId)));
    const consent = await admin.client.request('PATCH', '/api/profile', {
      body: { field: 'research_consent', value: true },
    });
    expect(consent.status, consent.body).toBe(200);
    expect((await inRelease()).has(admin.userId)).toBe(true);
    await admin.client.request('PATCH', '/api/profile', {
      body: { field: 'research_consent', value: false },
    });
    await setSharing(nth(1), false);
    expect((await inRelease()).has(nth(1).userId)).toBe(false);
    await setSharing(nth(1), true);

    // A deleted person's data leaves every later release.
    const leaving = await person(app, 'Leaving Person');
    await setSharing(leaving, true);
    await item(leaving, { daysAgo: TEN_DAYS });
    expect((await inRelease('all')).has(leaving.userId)).toBe(true);
    const deleted = await admin.client.request('DELETE', `/api/admin/users/${leaving.userId}`);
    expect(deleted.status, deleted.body).toBe(200);
    expect((await inRelease('all')).has(leaving.userId)).toBe(false);
  });

  it('covers whole completed weeks only: a one-day range widens to its week; the current week is refused (N4)', async () => {
    await clearAll();
    const monday = (iso: string) =>
      new Date(iso).getUTCDay() === 1 && iso.endsWith('T00:00:00.000Z');
    const preset = (await aggregates('cohort=research&range=30d')).json<ResearchAggregates>();
    expect(monday(preset.range.from) && monday(preset.range.to)).toBe(true);
    expect(Date.parse(preset.range.to) - Date.parse(preset.range.from)).toBe(28 * DAY);
    expect(Date.parse(preset.range.to)).toBeLessThanOrEqual(app.clock.now().getTime());

    const day = new Date(app.clock.now().getTime() - TEN_DAYS * DAY).toISOString().slice(0, 10);
    const oneDay = await aggregates(`cohort=research&range=custom&from=${day}&to=${day}`);
    expect(oneDay.status, oneDay.body).toBe(200);
    const widened = oneDay.json<ResearchAggregates>();
    expect(widened.range.from.slice(0, 10)).toBe(weekOf(new Date(`${day}T00:00:00Z`)));
    expect(Date.parse(widened.range.to) - Date.parse(widened.range.from)).toBe(7 * DAY);

    const today = app.clock.now().toISOString().slice(0, 10);
    const current = await aggregates(`cohort=research&range=custom&from=${today}&to=${today}`);
    expect(current.status).toBe(400);
    expect(current.json()).toMatchObject({ message: RESEARCH_NO_WEEK_MESSAGE, code: 'VALIDATION' });
  });

  it("the probe's attacks (cohort moves, admin-made accounts, one-day windows) spend a week's budget, then are refused; every query is audited (N4)", async () => {
    await clearAll();
    await settings({ audit_logs: false });
    const queriedBefore = (await auditOf('admin.research_queried')).total;
    const target = nth(0);
    for (const someone of people.slice(0, 6)) await item(someone, { daysAgo: TEN_DAYS });
    await item(target, { daysAgo: TEN_DAYS, mood: 'angry', emotion: 'anger' });
    await item(target, { daysAgo: TEN_DAYS, mood: 'angry', emotion: 'anger' });
    const week = weekOf(new Date(app.clock.now().getTime() - TEN_DAYS * DAY));
    const custom = `range=custom&from=${week}&to=${week}`;

    const first = await aggregates(`cohort=research&${custom}`);
    expect(first.status, first.body).toBe(200);
    const q1 = first.json<ResearchAggregates>();
    expect(q1.privacy).toMatchObject({
      mechanism: 'two-sided geometric',
      epsilon: RESEARCH_EPSILON,
      sensitivity: RESEARCH_SENSITIVITY,
      weekBudget: RESEARCH_WEEK_BUDGET,
      reused: false,
      spent: [{ week, epsilon: 1 }],
    });
    // Asking again in the same calendar week serves the same release: nothing to average.
    for (let n = 0; n < 3; n++) {
      const again = (await aggregates(`cohort=research&${custom}`)).json<ResearchAggregates>();
      expect(again.privacy.reused).toBe(true);
      expect({ ...again, privacy: null }).toEqual({ ...q1, privacy: null });
    }

    // Attack 1: the target moved out of the cohort, same question: the same release again.
    // Whether an answer is new depends on the question and the calendar, never on the data.
    await setCohort(target, 'beta');
    const moved = (await aggregates(`cohort=research&${custom}`)).json<ResearchAggregates>();
    expect(moved.privacy).toMatchObject({ reused: true, spent: [{ week, epsilon: 1 }] });
    expect({ ...moved, privacy: null }).toEqual({ ...q1, privacy: null });
    // Attack 2: the target with admin-made accounts of known data, in another cohort: a new
    // question, a fresh release, charged.
    for (let n = 0; n < 4; n++) {
      const created = await admin.client.post('/api/admin/users', {
        email: `sybil-${randomUUID()}@x.test`,
        fullName: `Sybil ${n}`,
        password: 'A-long-enough-Password-1!',
      });
      expect(created.status, created.body).toBe(201);
      const id = created.json<{ id: string }>().id;
      await admin.client.request('PUT', `/api/admin/users/${id}/cohort`, {
        body: { cohort: 'beta' },
      });
    }
    const sybils = (await aggregates(`cohort=beta&${custom}`)).json<ResearchAggregates>();
    expect(sybils.privacy).toMatchObject({ reused: false, spent: [{ week, epsilon: 2 }] });
    const everyone = (await aggregates(`cohort=all&${custom}`)).json<ResearchAggregates>();
    expect(everyone.privacy.spent).toEqual([{ week, epsilon: 3 }]);
    const fourWeeks = (await aggregates('cohort=research&range=30d')).json<ResearchAggregates>();
    expect(fourWeeks.privacy.spent).toContainEqual({ week, epsilon: 4 });

    // The week's budget is spent: any new release over it is refused, and says why.
    const refused = await aggregates('cohort=beta&range=30d');
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'RESEARCH_BUDGET_SPENT',
      message: researchBudgetSpentMessage([week]),
    });
    // Next week the first question is no longer served again; asking it anew is refused too.
    // (The releases made a week earlier, rather than the clock a week on: sessions would expire.)
    await app.database.db.execute(
      sql`update research_releases set created_at = created_at - interval '7 days'`,
    );
    const nextWeek = await aggregates(`cohort=research&${custom}`);
    expect(nextWeek.status).toBe(409);
    expect((await ledgerSpent()).get(week)).toBe(RESEARCH_WEEK_BUDGET);
    // Every query is on record, with audit_logs off: 4 fresh, 4 served again, 2 refusals.
    const queried = await auditOf('admin.research_queried');
    expect(queried.total - queriedBefore).toBe(8);
    expect(queried.entries.slice(0, 8).filter((e) => e.details.reused === true)).toHaveLength(4);
    expect((await auditOf('admin.research_refused')).total).toBe(2);
    await settings({ audit_logs: true });
    await setCohort(target, 'research');
  });

  it('exports only in research mode: noisy cells with ε, sensitivity and week budget stated, no per-person records; audited', async () => {
    await clearAll();
    for (const someone of people) await item(someone, { daysAgo: TEN_DAYS });
    const off = await admin.client.get('/api/admin/research/export?datasetTag=study-a');
    expect(off.status).toBe(403);
    expect(off.json()).toMatchObject({ message: RESEARCH_EXPORT_OFF_MESSAGE, code: 'FEATURE_OFF' });
    await settings({ compliance_mode: 'research', audit_logs: false });
    expect((await admin.client.get('/api/admin/research/export')).status).toBe(400);

    const viewed = (await aggregates('cohort=research&range=7d')).json<ResearchAggregates>();
    const response = await admin.client.get(
      '/api/admin/research/export?cohort=research&range=7d&datasetTag=study-a',
    );
    expect(response.status, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('research-study-a-');
    const data = response.json<ResearchExport>();
    expect(data.dataset).toMatchObject({
      tag: 'study-a',
      k: 5,
      cohort: 'research',
      from: lastWeek(),
      privacy: {
        mechanism: 'two-sided geometric',
        epsilon: RESEARCH_EPSILON,
        sensitivity: RESEARCH_SENSITIVITY,
        weekBudget: RESEARCH_WEEK_BUDGET,
        // The export of what the console just showed is that same release, at no cost.
        reused: true,
      },
    });
    expect(data.aggregates).toEqual({
      mood: viewed.mood,
      emotion: viewed.emotion,
      activity: viewed.activity,
    });
    expect(Object.keys(data).sort()).toEqual(['aggregates', 'dataset', 'people', 'suppressed']);
    for (const someone of [...people, admin]) {
      expect(response.body).not.toContain(someone.email);
      expect(response.body).not.toContain(someone.name);
      expect(response.body).not.toContain(someone.userId);
    }
    expect(response.body).not.toMatch(/private words|TITLE|secret-tag|T\d{2}:\d{2}|pid/);

    const csv = await admin.client.get(
      '/api/admin/research/export?cohort=research&range=7d&datasetTag=study-a&format=csv',
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(
      `epsilon=${RESEARCH_EPSILON} sensitivity=${RESEARCH_SENSITIVITY} week_budget=${RESEARCH_WEEK_BUDGET}`,
    );
    expect(csv.body).toContain('table,week,source,value,people');
    const exportedAudit = await auditOf('admin.research_exported');
    expect(exportedAudit.total).toBe(2);
    expect(exportedAudit.entries[0]?.details).toMatchObject({
      datasetTag: 'study-a',
      format: 'csv',
      reused: true,
      epsilon: 0,
    });
    await settings({ compliance_mode: 'standard', audit_logs: true });
  });

  it('an adversary with the admin powers never spends more than the week budget, whatever it tries (property, N4)', async () => {
    await settings({ compliance_mode: 'research' });
    const target = nth(0);
    const actionArb = fc.oneof(
      fc.record({
        kind: fc.constant('move' as const),
        cohort: fc.constantFrom('beta', 'research', null),
      }),
      fc.record({
        kind: fc.constant('entry' as const),
        who: fc.integer({ min: 0, max: 8 }),
        daysAgo: fc.integer({ min: 7, max: 30 }),
      }),
      fc.record({
        kind: fc.constantFrom('aggregates' as const, 'export' as const),
        cohort: fc.constantFrom('all', 'beta', 'research'),
        range: fc.constantFrom('7d', '30d', 'day'),
        daysAgo: fc.integer({ min: 7, max: 30 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 4, maxLength: 14 }), async (actions) => {
        await clearAll();
        for (const someone of people.slice(0, 6)) await item(someone, { daysAgo: TEN_DAYS });
        await item(target, { daysAgo: TEN_DAYS, mood: 'angry', emotion: 'anger' });
        for (const action of actions) {
          if (action.kind === 'move') await setCohort(target, action.cohort);
          else if (action.kind === 'entry')
            await item(nth(action.who), { daysAgo: action.daysAgo });
          else {
            const day = new Date(app.clock.now().getTime() - action.daysAgo * DAY)
              .toISOString()
              .slice(0, 10);
            const range =
              action.range === 'day'
                ? `range=custom&from=${day}&to=${day}`
                : `range=${action.range}`;
            const path =
              action.kind === 'export'
                ? `export?datasetTag=t-${randomUUID().slice(0, 8)}&`
                : 'aggregates?';
            const response = await admin.client.get(
              `/api/admin/research/${path}cohort=${action.cohort}&${range}`,
            );
            expect([200, 409]).toContain(response.status);
            if (response.status === 409)
              expect(response.json<{ code: string }>().code).toBe('RESEARCH_BUDGET_SPENT');
            expect(response.body).not.toContain(target.userId);
            expect(response.body).not.toContain(target.email);
          }
        }
        for (const [, spent] of await ledgerSpent())
          expect(spent).toBeLessThanOrEqual(RESEARCH_WEEK_BUDGET);
      }),
      { numRuns: 6 },
    );
    await setCohort(target, 'research');
    await settings({ compliance_mode: 'standard' });
  }, 240_000);
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
