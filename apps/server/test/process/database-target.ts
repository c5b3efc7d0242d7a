import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testDatabaseTarget } from '../test-database';

/**
 * The database a spawned CLI or server should use in this run: on the PostgreSQL run an empty
 * database of its own (so `migrate` really migrates) or, with `migrated`, a copy of the run's
 * migrated template; on the embedded run none (DATA_DIR's PGlite, see tempDataDir).
 * The run's global teardown also drops leftovers by their kaleido_test_<run>_ prefix.
 */
export async function processDatabase(options: { migrated?: boolean } = {}): Promise<{
  kind: 'embedded' | 'postgres';
  env: Record<string, string>;
  drop(): Promise<void>;
}> {
  const target = testDatabaseTarget();
  if (target.kind === 'embedded')
    return { kind: 'embedded', env: {}, drop: () => Promise.resolve() };
  const name = `${target.templateName.replace(/_tpl$/, '')}_proc_${randomBytes(4).toString('hex')}`;
  await adminQuery(
    target.adminUrl,
    options.migrated
      ? `create database ${name} template ${target.templateName}`
      : `create database ${name}`,
  );
  const url = new URL(target.adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString() },
    drop: () => adminQuery(target.adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
