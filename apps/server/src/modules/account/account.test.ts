import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { files } from '../../db/schema/files';
import { notifications } from '../../db/schema/notifications';
import { userProfile } from '../../db/schema/profile';
import { userSettings } from '../../db/schema/settings';
import { securityEventsOf, signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PNG, patchField, uploadAvatar } from '../../../test/fixtures/profile.fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A person with something in every part of their data: profile, settings, avatar, a notice. */
async function personWithData(name = 'Data Person') {
  const signedIn = await signedInClient(app, { name });
  const { client, userId } = signedIn;
  await client.loadSession();
  expect((await patchField(client, 'personal_statement', `${name} writes`)).status).toBe(200);
  await client.request('PATCH', '/api/settings/theme_settings', { body: { theme: 'dark' } });
  await client.request('PATCH', '/api/settings/privacy_settings', { body: { data_sharing: true } });
  const avatar = await uploadAvatar(app, client, PNG);
  expect(avatar.status).toBe(200);
  await app.notifications.notify(userId, { type: 'journal', title: 'Reminder', message: 'Write' });
  const [file] = await app.database.db.select().from(files).where(eq(files.ownerId, userId));
  if (!file) throw new Error('no avatar row');
  return { ...signedIn, file, avatarPath: join(app.config.DATA_DIR, 'files', file.storageKey) };
}

const today = () => new Date().toISOString().slice(0, 10);

describe('export (SPEC §3 exported user data file)', () => {
  it('downloads user-data-export-{date}.json with the spec fields and everything the user owns', async () => {
    const person = await personWithData('Export Person');
    const response = await person.client.get('/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="user-data-export-${today()}.json"`,
    );
    const data = response.json();
    expect(new Date(String(data.exportDate)).toISOString()).toBe(data.exportDate);
    expect(data).toMatchObject({
      profile_settings: {
        timezone: 'UTC',
        pronouns: '',
        avatar_url: expect.stringMatching(/^\/api\/files\/avatar\//) as unknown,
      },
      privacy_settings: {
        insights_visible_to_clients: false,
        data_sharing: true,
        new_entry_privacy: 'private',
      },
      account: { id: person.userId, email: person.email, full_name: 'Export Person', role: 'user' },
      user_profile: { display_name: 'Export Person', personal_statement: 'Export Person writes' },
      settings: { theme_settings: { theme: 'dark' } },
      notifications: [{ title: 'Reminder', message: 'Write' }],
      files: [{ id: person.file.id, purpose: 'avatar', mime: 'image/png' }],
    });
    const events = (data.security_events as { event: string }[]).map((e) => e.event);
    expect(events).toContain('user_login');
    expect(JSON.stringify(data)).not.toContain('$argon2'); // no password hash
    const logged = await securityEventsOf(app, person.userId);
    expect(logged[0]?.metadata).toMatchObject({
      event: 'data_exported',
      details: { format: 'json' },
    });
  });

  it('downloads a zip with the JSON and the avatar', async () => {
    const person = await personWithData('Zip Person');
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/account/export.zip',
      headers: { cookie: [...person.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      remoteAddress: person.client.ip,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="user-data-export-${today()}.zip"`,
    );
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const jsonName = `user-data-export-${today()}.json`;
    expect(Object.keys(entries)).toEqual([jsonName, `files/avatar/${person.file.id}-me.png`]);
    const json = JSON.parse(Buffer.from(entries[jsonName] ?? []).toString('utf8')) as {
      files: { archive_path: string }[];
      user_profile: { personal_statement: string };
    };
    expect(json.user_profile.personal_statement).toBe('Zip Person writes');
    expect(json.files[0]?.archive_path).toBe(`files/avatar/${person.file.id}-me.png`);
    expect(Buffer.from(entries[`files/avatar/${person.file.id}-me.png`] ?? []).equals(PNG)).toBe(
      true,
    );
  });

  it('needs a session', async () => {
    const anonymous = new TestClient(app.app, '10.79.0.1');
    expect((await anonymous.get('/api/account/export')).status).toBe(401);
    expect((await anonymous.get('/api/account/export.zip')).status).toBe(401);
  });
});

describe('delete data (SPEC §8 "Delete All Data")', () => {
  it("removes the user's data and files, keeps the account and nothing of anyone else's", async () => {
    const person = await personWithData('Leaving Data');
    const other = await personWithData('Staying Person');
    const response = await person.client.post('/api/account/delete-data');
    expect(response.status).toBe(200);

    const { db } = app.database;
    expect(await db.select().from(files).where(eq(files.ownerId, person.userId))).toEqual([]);
    expect(existsSync(person.avatarPath)).toBe(false);
    expect(
      await db.select().from(userProfile).where(eq(userProfile.userId, person.userId)),
    ).toEqual([]);
    expect(
      await db.select().from(userSettings).where(eq(userSettings.userId, person.userId)),
    ).toEqual([]);
    expect(
      await db.select().from(notifications).where(eq(notifications.userId, person.userId)),
    ).toEqual([]);

    // Back to the defaults on the next load, still signed in.
    expect((await person.client.get('/api/profile')).json()).toMatchObject({
      values: { personal_statement: '', avatar_url: '', display_name: 'Leaving Data' },
    });
    expect((await person.client.get('/api/settings')).json()).toMatchObject({
      theme_settings: { theme: 'light' },
      privacy_settings: { data_sharing: false },
    });
    const signIn = await new TestClient(app.app, '10.79.0.2').post('/api/auth/sign-in', {
      email: person.email,
      password: person.password,
    });
    expect(signIn.status).toBe(200);

    // The other person's data is untouched.
    expect(existsSync(other.avatarPath)).toBe(true);
    expect((await other.client.get('/api/profile')).json()).toMatchObject({
      values: { personal_statement: 'Staying Person writes' },
    });
    expect((await other.client.get('/api/settings')).json()).toMatchObject({
      theme_settings: { theme: 'dark' },
    });
    expect(
      await db.select().from(notifications).where(eq(notifications.userId, other.userId)),
    ).toHaveLength(1);

    // The security log is kept and records the deletion.
    const events = (await securityEventsOf(app, person.userId)).map((e) => e.metadata.event);
    expect(events[0]).toBe('user_login');
    expect(events).toContain('data_deleted');
  });
});

describe('delete account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const person = await personWithData('Careful Person');
    const refused = await person.client.post('/api/account/delete', {
      password: 'Not-The-Password-1',
    });
    expect(refused.status).toBe(400);
    expect(refused.json().message).toBe('Your password is not correct.');
    expect((await person.client.get('/api/session')).json()).toMatchObject({
      user: { id: person.userId },
    });
    expect(existsSync(person.avatarPath)).toBe(true);
    const empty = await person.client.post('/api/account/delete', {});
    expect(empty.status).toBe(400);
  });

  it('deletes the account, its files and every session with the right password', async () => {
    const person = await personWithData('Gone Person');
    const other = await personWithData('Neighbour');
    const secondBrowser = new TestClient(app.app, '10.79.0.3');
    await secondBrowser.post('/api/auth/sign-in', {
      email: person.email,
      password: person.password,
    });
    await secondBrowser.loadSession();

    const deleted = await person.client.post('/api/account/delete', { password: person.password });
    expect(deleted.status).toBe(200);
    const { db } = app.database;
    expect(await db.select().from(users).where(eq(users.id, person.userId))).toEqual([]);
    expect(await db.select().from(files).where(eq(files.ownerId, person.userId))).toEqual([]);
    expect(existsSync(person.avatarPath)).toBe(false);
    expect((await person.client.get('/api/session')).json()).toMatchObject({ user: null });
    expect((await secondBrowser.get('/api/profile')).status).toBe(401);
    const signIn = await new TestClient(app.app, '10.79.0.4').post('/api/auth/sign-in', {
      email: person.email,
      password: person.password,
    });
    expect(signIn.status).toBe(401);

    expect(existsSync(other.avatarPath)).toBe(true);
    expect((await other.client.get('/api/profile')).status).toBe(200);
  });
});
