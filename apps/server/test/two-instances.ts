import type { Database } from '../src/db/client';
import { TestClient } from './http-client';
import { createTestApp, type TestApp } from './test-app';
import { createTestDatabase } from './test-database';

/**
 * Several instances share one database only on PostgreSQL (the embedded database belongs to one
 * process), so tests of two instances run only on the PostgreSQL run (TEST_DATABASE_URL).
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Two server instances on one PostgreSQL, as behind a load balancer. */
export async function startTwoInstances() {
  const database: Database = await createTestDatabase();
  const a: TestApp = await createTestApp({}, { database });
  const b: TestApp = await createTestApp({}, { database });
  return {
    database,
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await database.close();
    },
  };
}

/** The same browser session (its cookies), now talking to another instance. */
export function sameBrowserOn(instance: TestApp, client: TestClient): TestClient {
  const moved = new TestClient(instance.app, client.ip);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}
