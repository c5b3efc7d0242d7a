import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CareScope, RelationshipsResponse } from '@kaleido/shared/care/care.schemas';
import type {
  CarePerson,
  CarePersonInsights,
  CarePersonProfile,
} from '@kaleido/shared/care/care-reads.schemas';
import type {
  AccessLogResponse,
  CareAccessWhat,
  ConsentHistoryResponse,
} from '@kaleido/shared/care/care-records.schemas';
import { careAlerts, careConsents } from '../../db/schema/care';
import type { RoomEvent } from '../../realtime/event-bus';
import { setRole } from '../../../test/fixtures/accounts-fixtures';
import {
  awaitInvitation,
  confirmEthicalUse,
  invite,
  inviteAndAccept,
  linkProfessional,
  setConsent,
  setMasterSwitch,
} from '../../../test/fixtures/care-fixtures';
import { person, type Person } from '../../../test/fixtures/chat-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';

/**
 * The consent matrix: each professional endpoint × each state of the relationship → status, the
 * rows returned, and the access-log rows written (one per successful read, none otherwise).
 */
let app: TestApp;
let owner: Person;
const SHARED_TITLE = 'Shared with my coach';
const PRIVATE_TITLE = 'Only for me';
const STATEMENT = 'Learning to slow down';

type State =
  | 'none'
  | 'pending'
  | 'no scope'
  | 'mood only'
  | 'entries only'
  | 'transcripts only'
  | 'master switch off'
  | 'expired'
  | 'revoked'
  | 'ended';

const STATES: State[] = [
  'none',
  'pending',
  'no scope',
  'mood only',
  'entries only',
  'transcripts only',
  'master switch off',
  'expired',
  'revoked',
  'ended',
];
const pros = {} as Record<State, Person>;
/** Each state's relationship (all but 'none'), each with one open alert about the owner. */
const relationshipIds = {} as Record<State, string>;
/** The master-switch-off state needs its own person (the switch is the person's). */
let quietOwner: Person;

async function professional(name: string) {
  const pro = await person(app, name);
  await setRole(app, pro.userId, 'client');
  await confirmEthicalUse(pro);
  return pro;
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await person(app, 'Olive Owner');
  quietOwner = await person(app, 'Quinn Quiet');
  await setMasterSwitch(owner, true);
  for (const who of [owner, quietOwner])
    for (const [field, value] of [
      ['personal_statement', STATEMENT],
      ['reflection_goal', ['career', 'health']],
    ] as const) {
      const saved = await who.client.request('PATCH', '/api/profile', { body: { field, value } });
      expect(saved.status, saved.body).toBe(200);
    }
  for (const [title, privacyLevel] of [
    [SHARED_TITLE, 'shared_with_clients'],
    [PRIVATE_TITLE, 'private'],
  ] as const) {
    const entry = await owner.client.post('/api/journal/entries', {
      title,
      content: `${title} content`,
      mood: 'sad',
      privacyLevel,
    });
    expect(entry.status, entry.body).toBe(201);
  }
  for (const state of STATES) pros[state] = await professional(`Pro ${state}`);

  const target = (state: State) => (state === 'master switch off' ? quietOwner : owner);
  for (const state of STATES) {
    const pro = pros[state];
    if (state === 'none') continue;
    if (state === 'pending') {
      await invite(pro, owner.email, 'professional');
      relationshipIds[state] = await awaitInvitation(owner, pro);
      continue;
    }
    const id = await inviteAndAccept(pro, target(state));
    relationshipIds[state] = id;
    const grant = (scope: CareScope) => setConsent(target(state), id, scope, true);
    if (state === 'mood only' || state === 'master switch off') await grant('mood_and_insights');
    if (state === 'entries only') await grant('shared_journal_entries');
    if (state === 'transcripts only') await grant('voice_note_transcripts');
    if (state === 'expired') {
      await grant('mood_and_insights');
      await app.database.db
        .update(careConsents)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(careConsents.relationshipId, id));
    }
    if (state === 'revoked') {
      await grant('mood_and_insights');
      await setConsent(owner, id, 'mood_and_insights', false);
    }
    if (state === 'ended') {
      await grant('mood_and_insights');
      const ended = await owner.client.request('DELETE', `/api/care/relationships/${id}`);
      expect(ended.status, ended.body).toBe(200);
    }
  }
  for (const state of STATES) {
    const relationshipId = relationshipIds[state] as string | undefined;
    if (!relationshipId) continue;
    await app.database.db.insert(careAlerts).values({
      relationshipId,
      professionalId: pros[state].userId,
      personId: target(state).userId,
      kind: 'valence_drop',
      signature: `fixed:${state}`,
      values: { recentMean: -0.5, recentCount: 2, baselineMean: 0.5, baselineCount: 3, change: -1 },
      evidence: [],
      // Fixed figures from no item: shown while anything is shared (decision 039).
      sources: [],
    });
  }
}, 180_000);

afterAll(async () => {
  await (app as TestApp | undefined)?.close();
});

const ENDPOINTS = {
  person: (id: string) => `/api/care/people/${id}`,
  profile: (id: string) => `/api/care/people/${id}/profile`,
  insights: (id: string) => `/api/care/people/${id}/insights`,
  mood: (id: string) => `/api/care/people/${id}/mood`,
  entries: (id: string) => `/api/care/people/${id}/entries`,
  transcripts: (id: string) => `/api/care/people/${id}/transcripts`,
  notes: (id: string) => `/api/care/people/${id}/notes`,
  report: (id: string) => `/api/care/people/${id}/report.csv?from=2000-01-01&to=2100-01-01`,
  alerts: (id: string) => `/api/care/alerts?personId=${id}&status=current`,
} as const;
type Endpoint = keyof typeof ENDPOINTS;
/** States in which the professional's alerts about the owner are shown (something shared). */
const ALERT_ROWS: State[] = ['mood only', 'entries only', 'transcripts only'];
/** Reads that land in the access log. */
const LOGGED: Record<Endpoint, CareAccessWhat | null> = {
  person: 'person',
  profile: 'profile',
  insights: 'insights',
  mood: 'mood_trend',
  entries: 'shared_entries',
  transcripts: 'transcripts',
  notes: null,
  report: 'report',
  // Logged when the list shows an alert about the person (ALERT_ROWS).
  alerts: 'alert_list',
};

/** The expected status of each endpoint in each state. */
function expected(state: State, endpoint: Endpoint): number {
  if (endpoint === 'alerts') return 200;
  const related = [
    'no scope',
    'mood only',
    'entries only',
    'transcripts only',
    'master switch off',
    'expired',
    'revoked',
  ];
  if (!related.includes(state)) return 404;
  if (['person', 'profile', 'notes', 'report'].includes(endpoint)) return 200;
  // Insight cards: the mood and insights scope in force and the master switch on.
  if (endpoint === 'mood' || endpoint === 'insights') return state === 'mood only' ? 200 : 404;
  if (endpoint === 'entries') return state === 'entries only' ? 200 : 404;
  return state === 'transcripts only' ? 200 : 404;
}

/** The person's access log as far as one professional is concerned (newest first). */
async function accessRows(of: Person, by: Person) {
  const query = `professionalId=${by.userId}&limit=200`;
  return (await of.client.get(`/api/care/access-log?${query}`)).json<AccessLogResponse>().entries;
}

describe('care consent matrix', () => {
  for (const state of STATES) {
    it(`${state}: every professional endpoint answers by relationship and scope`, async () => {
      const pro = pros[state];
      const target = state === 'master switch off' ? quietOwner : owner;
      for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
        const before = await accessRows(target, pro);
        const response = await pro.client.get(ENDPOINTS[endpoint](target.userId));
        const label = `${state} ${endpoint} → ${response.status} ${response.body.slice(0, 200)}`;
        expect(response.status, label).toBe(expected(state, endpoint));
        expect(response.body, label).not.toContain(PRIVATE_TITLE);
        const mayShowEntry =
          (endpoint === 'entries' || endpoint === 'report') && state === 'entries only';
        if (!mayShowEntry) expect(response.body, label).not.toContain(SHARED_TITLE);
        const after = await accessRows(target, pro);
        const logged =
          LOGGED[endpoint] !== null &&
          response.status === 200 &&
          (endpoint !== 'alerts' || ALERT_ROWS.includes(state));
        expect(after.length - before.length, `${label}: access-log rows`).toBe(logged ? 1 : 0);
        if (logged) expect(after[0]?.what, label).toBe(LOGGED[endpoint]);
        if (endpoint === 'alerts') {
          const { alerts } = response.json<{ alerts: { id: string }[] }>();
          expect(alerts.length, `${label}: alert rows`).toBe(ALERT_ROWS.includes(state) ? 1 : 0);
        }
        if (response.status === 200 && endpoint === 'report') {
          const rows = response.body.trim().split('\r\n');
          expect(rows.filter((r) => r.startsWith('shared,')).length, label).toBe(
            ['mood only', 'entries only', 'transcripts only'].includes(state) ? 1 : 0,
          );
          expect(
            rows.some((r) => r.startsWith('entry,')),
            label,
          ).toBe(state === 'entries only');
        }
        if (response.status === 200 && endpoint === 'mood') {
          const { points } = response.json<{ points: { mood: string }[] }>();
          expect(points.map((p) => p.mood)).toEqual(['sad', 'sad']);
          expect(after[0]).toMatchObject({ what: 'mood_trend', itemCount: 2 });
        }
        if (response.status === 200 && endpoint === 'entries') {
          const { entries } = response.json<{ entries: { title: string }[] }>();
          expect(entries.map((e) => e.title)).toEqual([SHARED_TITLE]);
          expect(after[0]).toMatchObject({ what: 'shared_entries', itemCount: 1 });
        }
        if (response.status === 200 && endpoint === 'person') {
          const body = response.json<CarePerson>();
          expect(body.scopes.length + body.notShared.length).toBe(3);
          expect(body.email).toBe(target.email);
          expect(after[0]).toMatchObject({ what: 'person', itemCount: body.scopes.length });
        }
        if (logged && endpoint === 'alerts')
          expect(after[0]).toMatchObject({ what: 'alert_list', itemCount: 1 });
        if (response.status === 200 && endpoint === 'profile') {
          const body = response.json<CarePersonProfile>();
          const shown = Object.fromEntries(body.fields.map((f) => [f.id, f.value]));
          // Public fields always; the owner's private fields only with the master switch on.
          expect(shown.display_name, label).toBe(target.name);
          expect(shown.language_pref, label).toBe('English');
          if (state === 'master switch off') {
            expect(shown.personal_statement, label).toBeUndefined();
            expect(body.privateFields, label).toContain('Personal Statement');
          } else {
            expect(shown.personal_statement, label).toBe(STATEMENT);
            expect(shown.reflection_goal, label).toBe('career, health');
            expect(body.privateFields, label).toEqual([]);
          }
          // Never another category's fields (the admin's notes, the research consent).
          expect(
            Object.keys(shown).some((id) => id.startsWith('admin') || id === 'research_consent'),
            label,
          ).toBe(false);
          expect(after[0]).toMatchObject({ what: 'profile', itemCount: body.fields.length });
        }
        if (response.status === 200 && endpoint === 'insights') {
          const body = response.json<CarePersonInsights>();
          expect(body.analysisEnabled).toBe(true);
          expect(body.cards.length, label).toBeGreaterThan(0);
          // Summaries only: no quoted items or words from what the person wrote.
          const evidence = body.cards.flatMap((c) => [...c.evidence.items, ...c.evidence.words]);
          expect(evidence, label).toEqual([]);
          // About the person, not to them: "How their words feel", never "your".
          const texts = body.cards.map((c) => `${c.title} ${c.claim}`).join(' ');
          expect(texts, label).not.toMatch(/\byou(r|rs|rself)?\b/i);
          expect(body.cards.find((c) => c.kind === 'valence_trend')?.title, label).toBe(
            'How their words feel',
          );
          expect(after[0]).toMatchObject({ what: 'insights', itemCount: body.cards.length });
        }
      }
    });
  }

  it('lists people with their mood trend only where shared, and logs that read', async () => {
    const listed = await pros['mood only'].client.get('/api/care/people');
    const people = listed.json<{ people: { id: string; moodTrend: unknown[] | null }[] }>().people;
    expect(people).toHaveLength(1);
    expect(people[0]?.moodTrend).toHaveLength(2);
    const entriesPro = await pros['entries only'].client.get('/api/care/people');
    expect(entriesPro.json<{ people: { moodTrend: unknown }[] }>().people[0]?.moodTrend).toBeNull();
  });

  it('serves an admin in the client interface like a professional, and nobody else', async () => {
    const admin = await person(app, 'Ada Admin');
    await setRole(app, admin.userId, 'admin');
    const into = async (selectedInterface: string) => {
      const moved = await admin.client.request('PATCH', '/api/profile/selected-interface', {
        body: { selectedInterface },
      });
      expect(moved.status, moved.body).toBe(200);
    };
    // The Professional tab is the admin interface's (SPEC §2); the client interface's own
    // statement dialog confirms through care, for whoever acts as a professional there.
    await into('client');
    const id = await inviteAndAccept(admin, owner);
    const viaTab = await admin.client.request('PATCH', '/api/settings/professional_settings', {
      body: { ethical_use_confirmed: true },
    });
    expect(viaTab.status).toBe(403);
    const refused = await admin.client.get(`/api/care/people/${owner.userId}`);
    expect(refused.status).toBe(403);
    const confirmed = await admin.client.post('/api/care/ethical-use', {});
    expect(confirmed.status, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ ethicalUseConfirmed: true });
    await setConsent(owner, id, 'mood_and_insights', true);
    const mood = `/api/care/people/${owner.userId}/mood`;
    expect((await admin.client.get(mood)).status).toBe(200);
    await into('admin');
    expect((await admin.client.get(mood)).status).toBe(404);
    expect((await admin.client.get(`/api/care/people/${owner.userId}`)).status).toBe(404);
    await into('user');
    expect((await admin.client.get(mood)).status).toBe(404);
    // A plain user is never a professional.
    const user = await person(app, 'Uma User');
    expect((await user.client.post('/api/care/ethical-use', {})).status).toBe(404);
    expect((await user.client.get(mood)).status).toBe(404);
    expect((await user.client.get('/api/care/people')).json()).toEqual({ people: [] });
    expect((await user.client.get('/api/care/alerts')).json()).toEqual({ alerts: [] });
  });

  it('refuses a professional who has not confirmed the ethical-use statement', async () => {
    const pro = await person(app, 'Unsworn Pro');
    await setRole(app, pro.userId, 'client');
    const id = await inviteAndAccept(pro, owner);
    await setConsent(owner, id, 'mood_and_insights', true);
    const response = await pro.client.get(`/api/care/people/${owner.userId}/mood`);
    expect(response.status).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('ETHICAL_USE_REQUIRED');
    await confirmEthicalUse(pro);
    expect((await pro.client.get(`/api/care/people/${owner.userId}/mood`)).status).toBe(200);
  });

  it('shows a pending invitation to the invited side only until accepted; only they answer', async () => {
    const pro = await professional('Pending Pro');
    await invite(owner, pro.email, 'person');
    const id = await awaitInvitation(pro, owner);
    // Asked again: the same answer, and still one invitation (decision 045).
    await invite(owner, pro.email, 'person');
    await app.jobs.settled();
    const mine = (await owner.client.get('/api/care/relationships')).json<RelationshipsResponse>();
    expect(mine.relationships.find((r) => r.id === id)).toBeUndefined();
    const theirs = (await pro.client.get('/api/care/relationships')).json<RelationshipsResponse>();
    expect(theirs.relationships.find((r) => r.id === id)).toMatchObject({
      status: 'pending',
      awaitingMe: true,
      role: 'professional',
    });
    expect((await owner.client.post(`/api/care/relationships/${id}/accept`, {})).status).toBe(404);
    expect((await pro.client.post(`/api/care/relationships/${id}/accept`, {})).status).toBe(200);
    expect(
      (await pro.client.get('/api/care/relationships'))
        .json<RelationshipsResponse>()
        .relationships.filter((r) => r.other.id === owner.userId),
    ).toHaveLength(1);
    const accepted = (
      await owner.client.get('/api/care/relationships')
    ).json<RelationshipsResponse>();
    expect(accepted.relationships.find((r) => r.id === id)).toMatchObject({
      status: 'active',
      role: 'person',
    });
    const dashboard = await pro.client.get('/api/care/dashboard');
    expect(dashboard.json()).toMatchObject({ activeClients: 1, pendingRequests: 0 });
  });

  it('announces a revocation to the professional at once and logs every change', async () => {
    const pro = await professional('Live Pro');
    const id = await linkProfessional(pro, owner, ['mood_and_insights']);
    const events: RoomEvent[] = [];
    const stop = app.bus.subscribe((event) => {
      if (event.room === `user:${pro.userId}`) events.push(event);
    });
    expect((await pro.client.get(`/api/care/people/${owner.userId}/mood`)).status).toBe(200);
    await setConsent(owner, id, 'mood_and_insights', false);
    stop();
    expect(events.map((e) => e.name)).toEqual(['care.changed']);
    expect((await pro.client.get(`/api/care/people/${owner.userId}/mood`)).status).toBe(404);
    const log = (
      await owner.client.get('/api/care/consent-history')
    ).json<ConsentHistoryResponse>();
    const actions = log.changes.filter((c) => c.relationshipId === id).map((c) => c.action);
    expect(actions).toEqual(['revoked', 'granted', 'accepted', 'invited']);
  });

  it('tells an open professional socket of a revocation, which then reads nothing more', async () => {
    const pro = await professional('Socket Pro');
    const id = await linkProfessional(pro, owner, ['shared_journal_entries', 'mood_and_insights']);
    const socket = await TestSocket.open(await listen(app), pro.client);
    try {
      const entries = await pro.client.get(`/api/care/people/${owner.userId}/entries`);
      expect(entries.status).toBe(200);
      expect(entries.body).toContain(SHARED_TITLE);
      await setConsent(owner, id, 'shared_journal_entries', false);
      const changed = await socket.next((m) => m.type === 'event' && m.name === 'care.changed');
      expect(changed).toMatchObject({ room: `user:${pro.userId}` });
      // What the page refetches on that event: the revoked scope is gone, the other one stays.
      const after = await pro.client.get(`/api/care/people/${owner.userId}/entries`);
      expect(after.status).toBe(404);
      expect(after.body).not.toContain(SHARED_TITLE);
      const person = (await pro.client.get(`/api/care/people/${owner.userId}`)).json<CarePerson>();
      expect(person.scopes).toEqual(['mood_and_insights']);
      // Nobody else's socket heard it.
      expect(
        socket.messages.filter((m) => m.type === 'event' && m.name === 'care.changed'),
      ).toHaveLength(1);
    } finally {
      socket.close();
    }
  });

  it('keeps notes private to the professional and puts them in their export only', async () => {
    const pro = pros['mood only'];
    const note = await pro.client.post(`/api/care/people/${owner.userId}/notes`, {
      content: 'Private observation',
    });
    expect(note.status, note.body).toBe(201);
    const proExport = await pro.client.get('/api/account/export');
    expect(proExport.body).toContain('Private observation');
    const ownerExport = await owner.client.get('/api/account/export');
    expect(ownerExport.status).toBe(200);
    expect(ownerExport.body).not.toContain('Private observation');
    expect(ownerExport.body).toContain('mood_trend');
  });
});
