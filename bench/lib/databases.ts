// The databases a bench measures: the embedded one (PGlite, a temp directory) and, when
// BENCH_DATABASE_URL names a PostgreSQL server it may create databases on, a fresh PostgreSQL
// database, dropped afterwards. One place, so every bench sets up and cleans up the same way.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client';

export async function onBenchDatabases(
  bench: string,
  measure: (label: string, database: Database) => Promise<void>,
  options: { embedded: boolean },
): Promise<void> {
  if (options.embedded) {
    const dataDir = mkdtempSync(join(tmpdir(), `kaleido-bench-${bench}-`));
    const embedded = await openDatabase({ dataDir });
    try {
      await embedded.migrate();
      await measure('embedded (PGlite)', embedded);
    } finally {
      await embedded.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.log(
      '\n(set BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to measure PostgreSQL)',
    );
    return;
  }
  const name = `kaleido_bench_${bench}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const postgres = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
  try {
    await postgres.migrate();
    await measure('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}
