import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';

/** The query builder every repository receives; the same for both databases. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The rows of a raw `db.execute`: node-postgres and PGlite both answer it with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'embedded' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /** Raw pool and its connection string (LISTEN/NOTIFY, tests); absent on the embedded database. */
  pool?: pg.Pool;
  url?: string;
  close(): Promise<void>;
}

// In the source tree this file sits beside migrations/; the build copies them beside the bundle.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** An already-open PGlite (tests clone a migrated template instead of creating one). */
  pglite?: PGlite;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openEmbedded(options);
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    url,
    async ping() {
      await pool.query('select 1');
    },
    async migrate() {
      await migratePg(drizzlePg(pool), { migrationsFolder });
    },
    async close() {
      await pool.end();
    },
  };
}

async function openEmbedded(options: DatabaseOptions): Promise<Database> {
  let lock: DataDirLock | undefined;
  let client = options.pglite;
  if (!client) {
    lock = acquireDataDirLock(options.dataDir);
    try {
      const dir = join(options.dataDir, 'db');
      mkdirSync(dir, { recursive: true });
      client = await PGlite.create({ dataDir: dir });
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const pglite = client;
  const db = drizzlePglite(pglite) as unknown as Db;
  return {
    db,
    kind: 'embedded',
    async ping() {
      await pglite.query('select 1');
    },
    async migrate() {
      await migratePglite(drizzlePglite(pglite), { migrationsFolder });
    },
    async close() {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}
