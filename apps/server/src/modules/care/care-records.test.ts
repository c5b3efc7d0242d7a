import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccessLogEntry,
  AccessLogResponse,
  ConsentChange,
  ConsentHistoryResponse,
} from '@kaleido/shared/care/care-records.schemas';
import { rowsOf } from '../../db/client';
import { careAccessLog, careAlerts } from '../../db/schema/care';
import { consoleAdmin } from '../../../test/fixtures/admin-fixtures';
import { setRole } from '../../../test/fixtures/accounts-fixtures';
import { confirmEthicalUse, linkProfessional } from '../../../test/fixtures/care-fixtures';
import { person, type Person } from '../../../test/fixtures/chat-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The person's records of care (issue 24, findings N2 and N6 of security-probe-2): the access
 * log and the consent history outlive the professional — their "Delete my data", their account
 * deletion, an admin deleting them — named by the snapshot; they go with the person's own data;
 * every read is in them (the person page and the alert list too), whole, in pages, filtered.
 */
let app: TestApp;
let admin: Person;

beforeAll(async () => {
  app = await createTestApp();
  admin = await consoleAdmin(app, 'Records Admin');
}, 60_000);

afterAll(async () => {
  await (app as TestApp | undefined)?.close();
});

async function professional(name: string) {
  const pro = await person(app, name);
  await setRole(app, pro.userId, 'client');
  await confirmEthicalUse(pro);
  return pro;
}

/** A person who shares their mood and one journal entry. */
async function sharingPerson(name: string) {
  const someone = await person(app, name);
  const entry = await someone.client.post('/api/journal/entries', {
    title: 'For my coach',
    content: 'A shared thought.',
    mood: 'happy',
    privacyLevel: 'shared_with_clients',
  });
  expect(entry.status, entry.body).toBe(201);
  return someone;
}

const SCOPES = ['mood_and_insights', 'shared_journal_entries'] as const;

/** The person page, profile, mood and entries: four reads, four kinds. */
async function readEverything(pro: Person, of: Person) {
  for (const path of ['', '/profile', '/mood', '/entries']) {
    const read = await pro.client.get(`/api/care/people/${of.userId}${path}`);
    expect(read.status, `${path} ${read.body}`).toBe(200);
  }
}

/** Every page of a log, following `nextCursor` from the first. */
async function allPages<T extends 'access-log' | 'consent-history'>(
  of: Person,
  log: T,
  query = '',
): Promise<T extends 'access-log' ? AccessLogEntry[] : ConsentChange[]> {
  const rows: (AccessLogEntry | ConsentChange)[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const params = new URLSearchParams(query);
    if (cursor) params.set('cursor', cursor);
    const response = await of.client.get(`/api/care/${log}?${params.toString()}`);
    expect(response.status, response.body).toBe(200);
    const body = response.json<AccessLogResponse & ConsentHistoryResponse>();
    rows.push(...(log === 'access-log' ? body.entries : body.changes));
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return rows as T extends 'access-log' ? AccessLogEntry[] : ConsentChange[];
}

/** The person's rows in both logs, straight from the database (oldest first). */
async function rowsHeld(of: Person) {
  const reads = await app.database.db.execute(sql`
    select id, what from care_access_log where person_id = ${of.userId} order by at, id`);
  const changes = await app.database.db.execute(sql`
    select id, action from care_consent_log where person_id = ${of.userId} order by at, id`);
  return {
    reads: rowsOf<{ id: string; what: string }>(reads),
    changes: rowsOf<{ id: string; action: string }>(changes),
  };
}

const exportedCare = async (of: Person) =>
  (await of.client.get('/api/account/export')).json<{
    care: { accessToMyData: unknown[]; changes: unknown[] };
  }>().care;

describe("the person's records outlive the professional (N2)", () => {
  const erasures = {
    'deletes their data': async (pro: Person) => {
      const deleted = await pro.client.post('/api/account/delete-data', {});
      expect(deleted.status, deleted.body).toBe(200);
    },
    'deletes their account': async (pro: Person) => {
      const deleted = await pro.client.post('/api/account/delete', { password: pro.password });
      expect(deleted.status, deleted.body).toBe(200);
    },
    'is deleted by an admin': async (pro: Person) => {
      const deleted = await admin.client.request('DELETE', `/api/admin/users/${pro.userId}`);
      expect(deleted.status, deleted.body).toBe(200);
    },
  } as const;

  for (const [how, erase] of Object.entries(erasures)) {
    it(`keeps the access log and consent history when the professional ${how}`, async () => {
      const owner = await sharingPerson(`Owner who outlives (${how})`);
      const name = `Carol Coach (${how})`;
      const pro = await professional(name);
      await linkProfessional(pro, owner, SCOPES);
      await readEverything(pro, owner);
      // As the database holds them, then as the person reads them.
      const held = await rowsHeld(owner);
      expect(held.reads.map((r) => r.what).sort()).toEqual([
        'mood_trend',
        'person',
        'profile',
        'shared_entries',
      ]);
      expect(held.changes.map((c) => c.action).sort()).toEqual([
        'accepted',
        'granted',
        'granted',
        'invited',
      ]);
      const mine = `professionalId=${pro.userId}`;
      const reads = await allPages(owner, 'access-log', mine);
      const changes = await allPages(owner, 'consent-history', mine);
      expect(reads.map((e) => e.id).sort()).toEqual(held.reads.map((r) => r.id).sort());
      const exported = await exportedCare(owner);

      await erase(pro);

      expect(await rowsHeld(owner)).toEqual(held);
      const accountGone = how !== 'deletes their data';
      const whose = accountGone
        ? `formerProfessional=${encodeURIComponent(name)}`
        : `professionalId=${pro.userId}`;
      const kept = await allPages(owner, 'access-log', whose);
      expect(kept.map((e) => e.id)).toEqual(reads.map((e) => e.id));
      expect(kept.map((e) => e.what)).toEqual(reads.map((e) => e.what));
      const named = { id: accountGone ? null : pro.userId, name };
      for (const entry of kept) expect(entry.professional).toEqual(named);
      const keptChanges = await allPages(owner, 'consent-history', whose);
      expect(keptChanges.map((c) => c.id)).toEqual(changes.map((c) => c.id));
      for (const change of keptChanges) expect(change.professional).toEqual(named);
      // The whole log (no filter) still holds them, and the person's export too.
      const whole = await owner.client.get('/api/care/access-log');
      expect(whole.json<AccessLogResponse>().entries).toHaveLength(4);
      expect(whole.json<AccessLogResponse>().professionals).toEqual([named]);
      const after = await exportedCare(owner);
      expect(after.accessToMyData).toHaveLength(exported.accessToMyData.length);
      expect(after.changes).toHaveLength(exported.changes.length);
    });
  }

  it("goes with the person's own data and with the person's account", async () => {
    const pro = await professional('Dana Departing');
    const leaver = await sharingPerson('Lee Leaver');
    const closer = await sharingPerson('Cass Closer');
    for (const who of [leaver, closer]) {
      await linkProfessional(pro, who, SCOPES);
      await readEverything(pro, who);
    }
    const deleted = await leaver.client.post('/api/account/delete-data', {});
    expect(deleted.status, deleted.body).toBe(200);
    expect(await rowsHeld(leaver)).toEqual({ reads: [], changes: [] });
    expect((await leaver.client.get('/api/care/access-log')).json()).toMatchObject({
      entries: [],
    });

    const closed = await closer.client.post('/api/account/delete', { password: closer.password });
    expect(closed.status, closed.body).toBe(200);
    expect(await rowsHeld(closer)).toEqual({ reads: [], changes: [] });
    // Gone from the professional's export as well: those rows were the two people's.
    const proExport = (await pro.client.get('/api/account/export')).json<{
      care: { myReads: unknown[] };
    }>();
    expect(proExport.care.myReads).toHaveLength(0);
  });
});

describe('every read is in the log, and all of it is reachable (N6)', () => {
  it('pages through more than 200 reads, newest first, and loses none', async () => {
    const owner = await sharingPerson('Paige Pages');
    const pro = await professional('Ravi Reader');
    await linkProfessional(pro, owner, SCOPES);
    expect((await pro.client.get(`/api/care/people/${owner.userId}/entries`)).status).toBe(200);
    for (let i = 0; i < 205; i++)
      expect((await pro.client.get(`/api/care/people/${owner.userId}/mood`)).status).toBe(200);
    // Identical reads of the hour are one row with their count; the entries read is still there.
    const reads = await allPages(owner, 'access-log');
    expect(reads.filter((e) => e.what === 'shared_entries')).toHaveLength(1);
    const moodReads = reads.filter((e) => e.what === 'mood_trend');
    expect(moodReads.reduce((sum, e) => sum + e.readCount, 0)).toBe(205);

    // 250 reads in distinct hours (written as the log writes them), read 40 at a time.
    const hour = 3_600_000;
    const start = Date.now() - 400 * hour;
    await app.database.db.insert(careAccessLog).values(
      Array.from({ length: 250 }, (_, i) => ({
        personId: owner.userId,
        professionalId: pro.userId,
        professionalName: 'Ravi Reader',
        what: 'transcripts' as const,
        itemCount: 1,
        at: new Date(start + i * hour),
        lastAt: new Date(start + i * hour),
      })),
    );
    const first = (await owner.client.get('/api/care/access-log')).json<AccessLogResponse>();
    expect(first.entries).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const all = await allPages(owner, 'access-log', 'limit=40');
    expect(all).toHaveLength(reads.length + 250);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    const times = all.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.filter((e) => e.what === 'transcripts')).toHaveLength(250);
  });

  it('logs the person page and the alert list, each with its count; the dashboard is not a read', async () => {
    const owner = await sharingPerson('Alma Alerted');
    const pro = await professional('Quinn Quick');
    const relationshipId = await linkProfessional(pro, owner, ['mood_and_insights']);
    for (const signature of ['one', 'two'])
      await app.database.db.insert(careAlerts).values({
        relationshipId,
        professionalId: pro.userId,
        personId: owner.userId,
        kind: signature === 'one' ? 'valence_drop' : 'mood_drop',
        signature,
        values: { recentMean: -1, recentCount: 2, baselineMean: 1, baselineCount: 3, change: -2 },
        evidence: [],
        // Computed from no item of the person's: readable by the professional (provenance).
        sources: [],
      });
    expect((await pro.client.get('/api/care/dashboard')).json()).toMatchObject({ openAlerts: 2 });
    expect(await allPages(owner, 'access-log')).toEqual([]);

    const alerts = await pro.client.get('/api/care/alerts?status=current');
    expect(alerts.json<{ alerts: unknown[] }>().alerts).toHaveLength(2);
    const page = await pro.client.get(`/api/care/people/${owner.userId}`);
    expect(page.status).toBe(200);
    const log = await allPages(owner, 'access-log');
    expect(log.map((e) => [e.what, e.itemCount]).sort()).toEqual([
      ['alert_list', 2],
      ['person', 1],
    ]);
    // The same list again within the hour: the same row, counted twice.
    await pro.client.get(`/api/care/alerts?personId=${owner.userId}`);
    const again = await allPages(owner, 'access-log', 'what=alert_list');
    expect(again.map((e) => e.readCount)).toEqual([2]);
    // The list shows no alert of this person: nothing of theirs was read.
    await app.database.db.delete(careAlerts).where(eq(careAlerts.personId, owner.userId));
    await pro.client.get('/api/care/alerts');
    expect((await allPages(owner, 'access-log', 'what=alert_list'))[0]?.readCount).toBe(2);
  });
});

describe('the filters', () => {
  let owner: Person;
  let pro: Person;
  let other: Person;
  const hour = 3_600_000;
  const base = Date.parse('2025-03-10T12:00:00Z');

  beforeAll(async () => {
    owner = await sharingPerson('Fern Filters');
    pro = await professional('Frank Filter');
    other = await professional('Olga Other');
    await linkProfessional(pro, owner, SCOPES);
    await linkProfessional(other, owner, SCOPES);
    const row = (who: Person, what: 'mood_trend' | 'report', at: number) => ({
      personId: owner.userId,
      professionalId: who.userId,
      professionalName: who.name,
      what,
      itemCount: 3,
      at: new Date(at),
      lastAt: new Date(at),
    });
    await app.database.db
      .insert(careAccessLog)
      .values([
        row(pro, 'mood_trend', base),
        row(pro, 'report', base + hour),
        row(other, 'mood_trend', base + 2 * hour),
        row(other, 'report', base + 48 * hour),
      ]);
  });

  const log = async (query: string) => {
    const response = await owner.client.get(`/api/care/access-log?${query}`);
    expect(response.status, response.body).toBe(200);
    return response.json<AccessLogResponse>();
  };

  it('by professional, by what and by period, together', async () => {
    expect((await log(`professionalId=${pro.userId}`)).entries.map((e) => e.what)).toEqual([
      'report',
      'mood_trend',
    ]);
    expect((await log('what=mood_trend')).entries.map((e) => e.professional.name).sort()).toEqual([
      'Frank Filter',
      'Olga Other',
    ]);
    const day = `from=${encodeURIComponent('2025-03-10T00:00:00Z')}&to=${encodeURIComponent('2025-03-11T00:00:00Z')}`;
    expect((await log(day)).entries).toHaveLength(3);
    expect((await log(`${day}&what=report&professionalId=${other.userId}`)).entries).toEqual([]);
    // Whoever the filter names, the list of professionals is the whole log's.
    expect((await log(`professionalId=${pro.userId}`)).professionals.map((p) => p.name)).toEqual([
      'Frank Filter',
      'Olga Other',
    ]);
  });

  it('pages the consent history with the same filters', async () => {
    const changes = await allPages(owner, 'consent-history', 'limit=1');
    expect(changes.map((c) => c.professional.name).sort()).toEqual([
      ...Array<string>(4).fill('Frank Filter'),
      ...Array<string>(4).fill('Olga Other'),
    ]);
    const theirs = await allPages(owner, 'consent-history', `professionalId=${other.userId}`);
    expect(theirs).toHaveLength(4);
    const future = `from=${encodeURIComponent(new Date(Date.now() + hour).toISOString())}`;
    expect(await allPages(owner, 'consent-history', future)).toEqual([]);
  });

  it('refuses a cursor it did not give this person, and contradictory filters', async () => {
    const theirs = (await pro.client.get('/api/care/access-log')).json<AccessLogResponse>();
    expect(theirs.entries).toEqual([]);
    const ownRow = (await log('limit=1')).entries[0]?.id;
    expect(ownRow).toBeDefined();
    const foreign = await pro.client.get(`/api/care/access-log?cursor=${ownRow ?? ''}`);
    expect(foreign.status).toBe(400);
    expect(foreign.json<{ code: string }>().code).toBe('BAD_CURSOR');
    for (const query of [
      `professionalId=${pro.userId}&formerProfessional=Frank`,
      `from=${encodeURIComponent('2025-03-11T00:00:00Z')}&to=${encodeURIComponent('2025-03-10T00:00:00Z')}`,
      'cursor=not-a-cursor',
      'what=everything',
      'limit=201',
    ]) {
      const refused = await owner.client.get(`/api/care/access-log?${query}`);
      expect(refused.status, query).toBe(400);
    }
  });
});
