import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/files';
import { userProfile } from '../../db/schema/profile';
import { setRole, signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  PDF,
  PNG,
  patchField,
  selectInterface,
  uploadAvatar,
} from '../../../test/fixtures/profile.fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** An admin in the admin interface may edit every field: the limits are tested through one. */
async function adminEditor() {
  const signedIn = await signedInClient(app, { name: 'Ada Admin' });
  await setRole(app, signedIn.userId, 'admin');
  await signedIn.client.loadSession();
  await selectInterface(signedIn.client, 'admin');
  return signedIn;
}

describe('first load (SPEC §4 "created with defaults if no row exists")', () => {
  it('creates the row with the defaults, the display name from sign-up', async () => {
    const { client, userId } = await signedInClient(app, { name: 'Grace Hopper' });
    expect(
      await app.database.db.select().from(userProfile).where(eq(userProfile.userId, userId)),
    ).toHaveLength(0);
    const response = await client.get('/api/profile');
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({
      userId,
      self: true,
      viewer: { role: 'user', effectiveRole: 'user' },
      values: {
        display_name: 'Grace Hopper',
        timezone: 'UTC',
        journal_frequency: 'weekly',
        pronouns: '',
        reflection_goal: [],
        avatar_url: '',
      },
    });
    expect(
      await app.database.db.select().from(userProfile).where(eq(userProfile.userId, userId)),
    ).toHaveLength(1);
  });

  it('needs a session', async () => {
    const anonymous = new TestClient(app.app, '10.77.0.1');
    expect((await anonymous.get('/api/profile')).status).toBe(401);
    expect(
      (await anonymous.request('PATCH', '/api/profile', { body: { field: 'pronouns', value: '' } }))
        .status,
    ).toBe(401);
  });
});

describe('single-field updates (SPEC §5 limits and messages)', () => {
  let editor: TestClient;
  beforeAll(async () => {
    editor = (await adminEditor()).client;
  });

  async function refusal(field: string, value: unknown) {
    const response = await patchField(editor, field, value);
    expect(response.status, `${field}: ${response.body}`).toBe(400);
    const body = response.json<{ message: string; errors: { path: string; message: string }[] }>();
    expect(body.errors[0]).toEqual({ path: field, message: body.message });
    return body.message;
  }
  async function accepted(field: string, value: unknown) {
    const response = await patchField(editor, field, value);
    expect(response.status, `${field}: ${response.body}`).toBe(200);
    return response.json<{ values: Record<string, unknown> }>().values[field];
  }

  const textLimits: [string, number, string][] = [
    ['display_name', 100, 'Display Name must be at most 100 characters'],
    ['pronouns', 50, 'Pronouns must be at most 50 characters'],
    ['language_pref', 10, 'Preferred Language must be at most 10 characters'],
    ['personal_statement', 1000, 'Personal Statement must be at most 1000 characters'],
    ['pro_title', 100, 'Professional Title must be at most 100 characters'],
    ['role_type', 100, 'Role Type must be at most 100 characters'],
    ['organization', 200, 'Organization must be at most 200 characters'],
    ['credential', 500, 'Credential must be at most 500 characters'],
    ['ethical_statement', 2000, 'Ethical Statement must be at most 2000 characters'],
    ['admin_role_type', 100, 'Administrative Role must be at most 100 characters'],
    ['jurisdiction', 100, 'Jurisdiction must be at most 100 characters'],
    ['dataset_tag', 50, 'Dataset Tag must be at most 50 characters'],
    ['admin_notes', 5000, 'Admin Notes must be at most 5000 characters'],
  ];
  it.each(textLimits)('refuses %s over %i characters', async (field, max, message) => {
    expect(await refusal(field, 'A'.repeat(max + 1))).toBe(message);
  });

  it('saves free text up to the limit, trimmed', async () => {
    expect(await accepted('display_name', ` ${'a'.repeat(100)} `)).toBe('a'.repeat(100));
    expect(await accepted('personal_statement', 'b'.repeat(1000))).toBe('b'.repeat(1000));
    expect(await accepted('organization', 'c'.repeat(200))).toBe('c'.repeat(200));
    expect(await accepted('ethical_statement', 'd'.repeat(2000))).toBe('d'.repeat(2000));
    expect(await accepted('admin_notes', 'e'.repeat(5000))).toBe('e'.repeat(5000));
    expect(await accepted('dataset_tag', 'f'.repeat(50))).toBe('f'.repeat(50));
    expect(await accepted('pro_title', 'g'.repeat(100))).toBe('g'.repeat(100));
  });

  it("refuses an empty required field with 'This field is required'", async () => {
    expect(await refusal('display_name', '')).toBe('This field is required');
    expect(await refusal('display_name', '   ')).toBe('This field is required');
    expect(await refusal('timezone', '')).toBe('This field is required');
  });

  it("takes credentials of uppercase letters, digits and hyphens, else 'Invalid format'", async () => {
    expect(await accepted('credential', 'PSY-2024-0042')).toBe('PSY-2024-0042');
    expect(await refusal('credential', 'psy-1')).toBe('Invalid format');
    expect(await refusal('credential', 'PSY_1')).toBe('Invalid format');
    expect(await accepted('credential', '')).toBe('');
  });

  it('takes timezones of letters, underscores and slashes only', async () => {
    expect(await accepted('timezone', 'America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(await refusal('timezone', 'GMT+2')).toBe(
      'Timezone may contain only letters, underscores and slashes',
    );
  });

  it('takes an avatar URL up to 500 characters, or empty', async () => {
    const url = `https://img.example.com/${'a'.repeat(476)}`;
    expect(url).toHaveLength(500);
    expect(await accepted('avatar_url', url)).toBe(url);
    expect(await refusal('avatar_url', `${url}b`)).toBe('Avatar must be at most 500 characters');
    expect(await refusal('avatar_url', 'my face')).toBe('Please enter a valid URL');
    expect(await accepted('avatar_url', '')).toBe('');
  });

  it('limits lists: reflection goals 10 × 100, focus areas 20 × 100, languages 50 × 50', async () => {
    expect(await refusal('reflection_goal', Array(11).fill('career'))).toBe(
      'Choose at most 10 Reflection Goals',
    );
    expect(await refusal('reflection_goal', ['x'.repeat(101)])).toBe(
      'Each of Reflection Goals must be at most 100 characters',
    );
    expect(await refusal('focus_areas', Array(21).fill('grief'))).toBe(
      'Choose at most 20 Focus Areas',
    );
    expect(await refusal('focus_areas', ['x'.repeat(101)])).toBe(
      'Each of Focus Areas must be at most 100 characters',
    );
    expect(await refusal('languages_spoken', Array(51).fill('French'))).toBe(
      'Choose at most 50 Languages Spoken',
    );
    expect(await refusal('languages_spoken', ['x'.repeat(51)])).toBe(
      'Each of Languages Spoken must be at most 50 characters',
    );
    expect(await accepted('focus_areas', ['grief', 'career', 'grief'])).toEqual([
      'grief',
      'career',
    ]);
    expect(await refusal('reflection_goal', ['world domination'])).toBe(
      'Unknown Reflection Goals: world domination',
    );
  });

  it('accepts both option lists where the spec gives two', async () => {
    expect(await accepted('emo_tone_preference', 'analytical')).toBe('analytical');
    expect(await accepted('emo_tone_preference', 'neutral')).toBe('neutral');
    expect(await accepted('journal_frequency', 'never')).toBe('never');
    expect(await accepted('journal_frequency', 'as-needed')).toBe('as-needed');
    expect(await refusal('emo_tone_preference', 'sarcastic')).toMatch(/^Choose one of: gentle/);
  });

  it('stores the schedule as JSON and the consent toggle as a boolean', async () => {
    const schedule = { monday: ['09:00-12:00'], friday: [] };
    expect(await accepted('availability_hours', schedule)).toEqual(schedule);
    expect(await refusal('availability_hours', 'not json')).toBe(
      'Availability must be a JSON object',
    );
    expect(await accepted('research_consent', true)).toBe(true);
    expect(await refusal('research_consent', 'yes')).toBe('Research Consent must be on or off');
  });

  it('refuses unknown fields and bodies with more than one field', async () => {
    const unknown = await patchField(editor, 'shoe_size', '42');
    expect(unknown.status).toBe(400);
    expect(unknown.json().message).toBe('Unknown profile field: shoe_size');
    const two = await editor.request('PATCH', '/api/profile', {
      body: { field: 'pronouns', value: 'she/her', timezone: 'UTC' },
    });
    expect(two.status).toBe(400);
  });

  it('keeps what was saved across loads', async () => {
    await accepted('pronouns', 'they/them');
    expect((await editor.get('/api/profile')).json<{ values: object }>().values).toMatchObject({
      pronouns: 'they/them',
    });
  });
});

describe('avatar upload', () => {
  it('stores an image, points avatar_url at it and serves it to signed-in people', async () => {
    const { client, userId } = await signedInClient(app);
    await client.loadSession();
    const uploaded = await uploadAvatar(app, client, PNG);
    expect(uploaded.status, uploaded.body).toBe(200);
    const url = uploaded.json<{ values: { avatar_url: string } }>().values.avatar_url;
    expect(url).toMatch(/^\/api\/files\/avatar\/[0-9a-f-]{36}$/);
    const other = (await signedInClient(app)).client;
    const served = await other.get(url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await new TestClient(app.app, '10.77.0.2').get(url)).status).toBe(401);
    const rows = await app.database.db.select().from(files).where(eq(files.ownerId, userId));
    expect(rows).toHaveLength(1);
  });

  it('replaces the previous avatar and deletes its file', async () => {
    const { client, userId } = await signedInClient(app);
    await client.loadSession();
    const first = (await uploadAvatar(app, client, PNG)).json<{ values: { avatar_url: string } }>();
    const [firstRow] = await app.database.db.select().from(files).where(eq(files.ownerId, userId));
    if (!firstRow) throw new Error('no file row');
    const second = await uploadAvatar(app, client, PNG, 'new.png');
    expect(second.status).toBe(200);
    expect(second.json<{ values: { avatar_url: string } }>().values.avatar_url).not.toBe(
      first.values.avatar_url,
    );
    const rows = await app.database.db.select().from(files).where(eq(files.ownerId, userId));
    expect(rows.map((r) => r.id)).not.toContain(firstRow.id);
    expect(rows).toHaveLength(1);
    expect(existsSync(join(app.config.DATA_DIR, 'files', firstRow.storageKey))).toBe(false);
    expect((await client.get(first.values.avatar_url)).status).toBe(404);
    // Clearing the field deletes the file too.
    expect((await patchField(client, 'avatar_url', '')).status).toBe(200);
    expect(
      await app.database.db.select().from(files).where(eq(files.ownerId, userId)),
    ).toHaveLength(0);
  });

  it('refuses files that are not images by content, and images over 5 MB', async () => {
    const { client, userId } = await signedInClient(app);
    await client.loadSession();
    const pdf = await uploadAvatar(app, client, PDF, 'face.png', 'image/png');
    expect(pdf.status).toBe(415);
    expect(pdf.json().message).toBe('Please choose a PNG, JPEG, WebP or GIF image.');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await uploadAvatar(app, client, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.json().message).toBe('File size must be less than 5MB');
    expect(
      await app.database.db.select().from(files).where(eq(files.ownerId, userId)),
    ).toHaveLength(0);
    expect((await client.get('/api/profile')).json<{ values: object }>().values).toMatchObject({
      avatar_url: '',
    });
  });

  it('is refused where the avatar is read-only (admin in the client interface)', async () => {
    const { client, userId } = await signedInClient(app);
    await setRole(app, userId, 'admin');
    await client.loadSession();
    await selectInterface(client, 'client');
    const refused = await uploadAvatar(app, client, PNG);
    expect(refused.status).toBe(403);
    expect(refused.json().message).toBe('Read-only in current interface');
    expect(
      await app.database.db.select().from(files).where(eq(files.ownerId, userId)),
    ).toHaveLength(0);
  });
});
