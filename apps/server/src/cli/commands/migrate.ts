import { withDatabase } from '../cli-context';

/** Brings the schema up to date without starting the server (`withDatabase` migrates). */
export async function migrate(): Promise<string> {
  return withDatabase(({ config, database }) =>
    Promise.resolve(
      database.kind === 'postgres'
        ? 'migrations applied (PostgreSQL at DATABASE_URL)'
        : `migrations applied (embedded database in ${config.DATA_DIR})`,
    ),
  );
}
