import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole, signedInClient } from '../../../test/fixtures/accounts-fixtures';
import type { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createProfileRepository } from './profile.repository';
import { patchField, selectInterface } from '../../../test/fixtures/profile.fixtures';

/*
 * The matrices below are written from SPEC §3 (which field is in which category) and §6 (the
 * rules), by hand, not from the code's tables:
 *   Editing: "user edits user fields only; client edits client and user fields; admin in user mode
 *   edits user fields; in client mode client fields only; in admin mode all."
 *   Visibility: "private_self and public_clients visible to everyone; public_admins visible to
 *   admin and client; admin_only only to an admin in admin mode. Also limited by category: user
 *   sees user fields; client sees user and client; admin in admin mode sees all; in client mode
 *   user and client; otherwise user."
 */
const USER_FIELDS = [
  'display_name',
  'pronouns',
  'timezone',
  'language_pref',
  'emo_tone_preference',
  'reflection_goal',
  'personal_statement',
  'journal_frequency',
  'avatar_url',
];
const CLIENT_FIELDS = [
  'pro_title',
  'role_type',
  'organization',
  'credential',
  'focus_areas',
  'languages_spoken',
  'availability_hours',
  'ethical_statement',
];
const ADMIN_FIELDS = [
  'admin_role_type',
  'jurisdiction',
  'research_consent',
  'dataset_tag',
  'admin_notes',
];
const ALL_FIELDS = [...USER_FIELDS, ...CLIENT_FIELDS, ...ADMIN_FIELDS];

/** A valid value for every field. */
const SAMPLE: Record<string, unknown> = {
  display_name: 'Sam Sample',
  pronouns: 'she/her',
  timezone: 'Europe/Paris',
  language_pref: 'fr',
  emo_tone_preference: 'gentle',
  reflection_goal: ['career'],
  personal_statement: 'Learning to listen.',
  journal_frequency: 'daily',
  avatar_url: 'https://img.example.com/sam.png',
  pro_title: 'Counselor',
  role_type: 'Coach',
  organization: 'North Clinic',
  credential: 'LPC-0042',
  focus_areas: ['grief'],
  languages_spoken: ['French'],
  availability_hours: { monday: ['09:00-17:00'] },
  ethical_statement: 'Consent first.',
  admin_role_type: 'System Owner',
  jurisdiction: 'Canada',
  research_consent: true,
  dataset_tag: 'cohort-a',
  admin_notes: 'Backup rota on Fridays.',
};

/** Visibility defaults decided in docs/decisions/006 (the spec gives avatar_url's only). */
const PRIVATE_SELF = [
  'emo_tone_preference',
  'reflection_goal',
  'personal_statement',
  'journal_frequency',
];
const PUBLIC_ADMINS = ['credential', 'admin_role_type', 'jurisdiction'];
const ADMIN_ONLY = ['research_consent', 'dataset_tag', 'admin_notes'];

type Mode =
  'user' | 'client' | 'admin(first time)' | 'admin(user)' | 'admin(client)' | 'admin(admin)';

const EDITABLE: Record<Mode, string[]> = {
  user: USER_FIELDS,
  client: [...USER_FIELDS, ...CLIENT_FIELDS],
  'admin(first time)': USER_FIELDS, // no interface chosen yet: the user interface
  'admin(user)': USER_FIELDS,
  'admin(client)': CLIENT_FIELDS,
  'admin(admin)': ALL_FIELDS,
};

const OWN_VISIBLE: Record<Mode, string[]> = {
  user: USER_FIELDS,
  client: [...USER_FIELDS, ...CLIENT_FIELDS],
  'admin(first time)': USER_FIELDS,
  'admin(user)': USER_FIELDS,
  'admin(client)': [...USER_FIELDS, ...CLIENT_FIELDS],
  'admin(admin)': ALL_FIELDS,
};

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function personIn(mode: Mode): Promise<{ client: TestClient; userId: string }> {
  const signedIn = await signedInClient(app);
  const role = mode === 'user' ? 'user' : mode === 'client' ? 'client' : 'admin';
  if (role !== 'user') await setRole(app, signedIn.userId, role);
  await signedIn.client.loadSession();
  const selected = /^admin\((user|client|admin)\)$/.exec(mode)?.[1];
  if (selected) await selectInterface(signedIn.client, selected as 'user' | 'client' | 'admin');
  return signedIn;
}

const MODES = Object.keys(EDITABLE) as Mode[];

describe('edit matrix (SPEC §6): role × interface × field', () => {
  it.each(MODES)('%s edits exactly the fields the spec gives it', async (mode) => {
    const { client } = await personIn(mode);
    const outcome: Record<string, number> = {};
    for (const field of ALL_FIELDS) {
      const response = await patchField(client, field, SAMPLE[field]);
      outcome[field] = response.status;
      if (response.status === 403)
        expect(response.json().message).toBe('Read-only in current interface');
    }
    const expected = Object.fromEntries(
      ALL_FIELDS.map((f) => [f, EDITABLE[mode].includes(f) ? 200 : 403]),
    );
    expect(outcome).toEqual(expected);
    // The page is told the same, to disable the others.
    const own = (await client.get('/api/profile')).json<{ editable: string[] }>();
    expect([...own.editable].sort()).toEqual([...EDITABLE[mode]].sort());
  });

  it('leaves a refused field unchanged', async () => {
    const { client } = await personIn('admin(client)');
    expect((await patchField(client, 'display_name', 'Changed')).status).toBe(403);
    const own = (await client.get('/api/profile')).json<{ values: Record<string, unknown> }>();
    expect(own.values.display_name).toBe('Test Person');
  });
});

describe('visibility matrix on one’s own profile (SPEC §6)', () => {
  it.each(MODES)('%s sees exactly its categories', async (mode) => {
    const { client } = await personIn(mode);
    const own = (await client.get('/api/profile')).json<{
      values: Record<string, unknown>;
      visible: string[];
    }>();
    expect(Object.keys(own.values).sort()).toEqual([...OWN_VISIBLE[mode]].sort());
    expect([...own.visible].sort()).toEqual([...OWN_VISIBLE[mode]].sort());
  });

  it('hides nothing and shows nothing new after an interface switch round trip', async () => {
    const { client } = await personIn('admin(admin)');
    expect((await patchField(client, 'admin_notes', 'secret')).status).toBe(200);
    await selectInterface(client, 'client');
    const asClient = (await client.get('/api/profile')).json<{ values: object }>();
    expect(asClient.values).not.toHaveProperty('admin_notes');
    await selectInterface(client, 'admin');
    expect((await client.get('/api/profile')).json<{ values: object }>().values).toMatchObject({
      admin_notes: 'secret',
    });
  });
});

describe("another person's profile (GET /api/profile/:userId)", () => {
  let owner: { client: TestClient; userId: string };
  beforeAll(async () => {
    owner = await personIn('admin(admin)');
    for (const field of ALL_FIELDS) await patchField(owner.client, field, SAMPLE[field]);
  });

  async function read(viewer: TestClient, userId = owner.userId) {
    return viewer.get(`/api/profile/${userId}`);
  }

  function expectedFor(categories: string[], visibility: (field: string) => boolean) {
    return categories.filter(visibility).sort();
  }
  const notPrivate = (f: string) => !PRIVATE_SELF.includes(f);

  it('is 404 to users, admins outside the admin interface, and unassigned professionals', async () => {
    for (const mode of [
      'user',
      'client',
      'admin(user)',
      'admin(first time)',
      'admin(client)',
    ] as const) {
      const { client } = await personIn(mode);
      const response = await read(client);
      expect(response.status, mode).toBe(404);
      expect(response.json().message).toBe('Profile not found');
    }
  });

  it('shows an admin in the admin interface every field but the owner’s private ones', async () => {
    const { client } = await personIn('admin(admin)');
    const response = await read(client);
    expect(response.status).toBe(200);
    const body = response.json<{
      values: Record<string, unknown>;
      editable: string[];
      self: boolean;
    }>();
    expect(Object.keys(body.values).sort()).toEqual(expectedFor(ALL_FIELDS, notPrivate));
    expect(body.values.admin_notes).toBe(SAMPLE.admin_notes);
    expect(body.editable).toEqual([]);
    expect(body.self).toBe(false);
  });

  it('shows an assigned professional user and client fields (public_admins included), no admin_only', async () => {
    const professional = await personIn('client');
    await createProfileRepository(app.database.db).assign(professional.userId, owner.userId);
    const body = (await read(professional.client)).json<{ values: Record<string, unknown> }>();
    const expected = expectedFor(
      [...USER_FIELDS, ...CLIENT_FIELDS],
      (f) => notPrivate(f) && !ADMIN_ONLY.includes(f),
    );
    expect(Object.keys(body.values).sort()).toEqual(expected);
    expect(body.values.credential).toBe(SAMPLE.credential); // public_admins: clients see it
    expect(PUBLIC_ADMINS.filter((f) => f in body.values)).toEqual(['credential']);
  });

  it("adds the owner's private fields once the owner shares insights with clients", async () => {
    const professional = await personIn('client');
    await createProfileRepository(app.database.db).assign(professional.userId, owner.userId);
    const shared = await owner.client.request('PATCH', '/api/settings/privacy_settings', {
      body: { insights_visible_to_clients: true },
    });
    expect(shared.status).toBe(200);
    const body = (await read(professional.client)).json<{ values: Record<string, unknown> }>();
    for (const field of PRIVATE_SELF) expect(body.values[field], field).toEqual(SAMPLE[field]);
    // An admin does not get them from the toggle: it is for the user's professionals.
    const admin = await personIn('admin(admin)');
    const asAdmin = (await read(admin.client)).json<{ values: Record<string, unknown> }>();
    expect(PRIVATE_SELF.filter((f) => f in asAdmin.values)).toEqual([]);
    await owner.client.request('PATCH', '/api/settings/privacy_settings', {
      body: { insights_visible_to_clients: false },
    });
  });

  it('lets an admin in the client interface read assigned users only, as a professional', async () => {
    const admin = await personIn('admin(client)');
    const plainUser = await personIn('user');
    expect((await read(admin.client, plainUser.userId)).status).toBe(404);
    await createProfileRepository(app.database.db).assign(admin.userId, plainUser.userId);
    const body = (await read(admin.client, plainUser.userId)).json<{ values: object }>();
    expect(Object.keys(body.values).sort()).toEqual(
      expectedFor([...USER_FIELDS, ...CLIENT_FIELDS], notPrivate),
    );
  });

  it('answers 404 for an unknown id and reads oneself like GET /api/profile', async () => {
    const { client, userId } = await personIn('admin(admin)');
    expect((await read(client, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const self = (await read(client, userId)).json<{ self: boolean; editable: string[] }>();
    expect(self.self).toBe(true);
    expect(self.editable).toHaveLength(ALL_FIELDS.length);
  });
});
