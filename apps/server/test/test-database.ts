import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';

/**
 * A fresh, migrated database for one test file, on whichever database the run targets:
 * a PGlite restored from the template dump (creating one from scratch takes 5-12 s), or a
 * PostgreSQL database copied from the migrated template database.
 */
export async function createTestDatabase(): Promise<Database> {
  const target = testDatabaseTarget();
  if (target.kind === 'embedded') {
    const dump = await readFile(target.templateDumpPath);
    const pglite = new PGlite({ loadDataDir: new Blob([dump]) });
    await pglite.waitReady;
    return openDatabase({ dataDir: '', pglite });
  }
  const name = `${target.templateName.replace(/_tpl$/, '')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${target.templateName}`);
  await admin.end();
  const url = new URL(target.adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 5 });
  const closePool = () => database.close();
  return {
    ...database,
    close: async () => {
      await closePool();
      const dropper = new pg.Client({ connectionString: target.adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * The database this run targets. Only the `server:database` project provides one: a file there
 * is found by its imports (database-test-files.ts), so this throws only for a file that reaches
 * the database some way that reading imports cannot see.
 */
export function testDatabaseTarget(): TestDatabaseTarget {
  const target = inject('testDatabase') as TestDatabaseTarget | undefined;
  if (!target)
    throw new Error(
      'This test file uses the test database but ran in a project without one: it must import ' +
        'test/test-database.ts (directly or through a helper), so that ' +
        'test/database-test-files.ts places it in the server:database project.',
    );
  return target;
}

export type TestDatabaseTarget =
  | { kind: 'embedded'; templateDumpPath: string }
  | { kind: 'postgres'; adminUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTarget;
  }
}
