import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema/accounts';
import { setRole, signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('roles (SPEC §6)', () => {
  it('treats a missing role as user', async () => {
    const { client } = await signedInClient(app);
    expect(await client.loadSession()).toMatchObject({
      role: 'user',
      effectiveRole: 'user',
      isFirstTimeAdmin: false,
      // Only an administrator's temporary password must be changed.
      passwordChangeRequired: false,
    });
  });

  it('reads the first role by name ascending', async () => {
    const { client, userId } = await signedInClient(app);
    await app.database.db.insert(userRoles).values([
      { userId, role: 'user' },
      { userId, role: 'client' },
    ]);
    expect((await client.loadSession()).role).toBe('client');
  });

  it('falls back to user when the role lookup fails', async () => {
    const { client, userId } = await signedInClient(app);
    await setRole(app, userId, 'admin');
    await app.database.db.execute(sql`alter table user_roles rename to user_roles_away`);
    try {
      expect((await client.loadSession()).role).toBe('user');
    } finally {
      await app.database.db.execute(sql`alter table user_roles_away rename to user_roles`);
    }
    expect((await client.loadSession()).role).toBe('admin');
  });
});

describe('selected interface', () => {
  it('makes a new admin a first-time admin until an interface is chosen, which becomes the effective role', async () => {
    const { client, userId } = await signedInClient(app);
    await setRole(app, userId, 'admin');
    expect(await client.loadSession()).toMatchObject({
      role: 'admin',
      isFirstTimeAdmin: true,
      effectiveRole: 'user',
      profile: { selectedInterface: null },
    });
    const chosen = await client.request('PATCH', '/api/profile/selected-interface', {
      body: { selectedInterface: 'client' },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.json()).toEqual({ selectedInterface: 'client' });
    expect(await client.loadSession()).toMatchObject({
      isFirstTimeAdmin: false,
      effectiveRole: 'client',
      profile: { selectedInterface: 'client' },
    });
  });

  it('is refused to non-admins and to signed-out callers with the spec message', async () => {
    const { client } = await signedInClient(app);
    const refused = await client.request('PATCH', '/api/profile/selected-interface', {
      body: { selectedInterface: 'admin' },
    });
    expect(refused.status).toBe(403);
    expect((await client.loadSession()).effectiveRole).toBe('user');
    const anonymous = await new TestClient(app.app, '10.30.0.1').request(
      'PATCH',
      '/api/profile/selected-interface',
      { body: { selectedInterface: 'admin' } },
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.json().message).toBe('No user logged in');
  });

  it('accepts only the three interfaces', async () => {
    const { client, userId } = await signedInClient(app);
    await setRole(app, userId, 'admin');
    const bad = await client.request('PATCH', '/api/profile/selected-interface', {
      body: { selectedInterface: 'root' },
    });
    expect(bad.status).toBe(400);
  });
});
