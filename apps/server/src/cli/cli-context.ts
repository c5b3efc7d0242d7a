import { loadConfig, type Config } from '../config/env';
import { openDatabase, type Database } from '../db/client';

/** A failure the operator caused (bad input, unknown account): printed as one line, exit 1. */
export class CliError extends Error {}

/**
 * Opens the database the server would use (same env, same data-directory lock), brings its
 * schema up to date, runs `work`, and always closes it, so the lock is released on every path.
 */
export async function withDatabase<T>(
  work: (context: { config: Config; database: Database }) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
  });
  try {
    await database.migrate();
    return await work({ config, database });
  } finally {
    await database.close();
  }
}
