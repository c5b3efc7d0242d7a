import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { consoleAdmin } from '../../../test/fixtures/admin-fixtures';
import { waitFor } from '../../../test/fixtures/wait-for';
import type { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { onPostgres, sameBrowserOn } from '../../../test/two-instances';

const instancesSeenBy = async (client: TestClient) => {
  const response = await client.get('/api/admin/health');
  expect(response.status, response.body).toBe(200);
  return response.json<{ instances: number }>().instances;
};

// Health counts the instances running on one PostgreSQL: two started, two seen from either;
// one stopped, one seen (the single-instance count, on both databases, is in admin-users.test).
describe.runIf(onPostgres)('health: instance count across two instances on one PostgreSQL', () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp | null;
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp({}, { database });
    b = await createTestApp({}, { database });
  });
  afterAll(async () => {
    await b?.close();
    await a.close();
    await database.close();
  });

  it('counts both, from either, and one after the other stops', async () => {
    const admin = await consoleAdmin(a, 'Health Admin');
    // The event bus listens once it has connected; both have by the time they answer requests.
    await waitFor(async () => (await instancesSeenBy(admin.client)) === 2, 'two instances seen');
    expect(await instancesSeenBy(sameBrowserOn(b as TestApp, admin.client))).toBe(2);
    await b?.close();
    b = null;
    await waitFor(async () => (await instancesSeenBy(admin.client)) === 1, 'one instance left');
    expect(await instancesSeenBy(admin.client)).toBe(1);
  });
});
