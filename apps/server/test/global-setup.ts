import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import './test-database';

/**
 * Migrates one template per run. TEST_DATABASE_URL (an admin connection to a PostgreSQL server)
 * runs the suite on PostgreSQL; without it, on the embedded database.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const templateName = `kaleido_test_${runId}_tpl`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${templateName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${templateName}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    await database.migrate();
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', adminUrl, templateName });
    console.log(`test database: postgres (${templateName})`);
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'kaleido_test_${runId}_%'`,
      );
      for (const { datname } of rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }
  const pglite = await PGlite.create();
  const database = await openDatabase({ dataDir: '', pglite });
  await database.migrate();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const templateDumpPath = join(tmpdir(), `kaleido-test-template-${runId}.tar`);
  await writeFile(templateDumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'embedded', templateDumpPath });
  console.log('test database: embedded (PGlite)');
  return async () => {
    await rm(templateDumpPath, { force: true });
  };
}
