import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { splitTestFiles } from './test/database-test-files.ts';

/**
 * The server's test files that depend on the run's database (test/database-test-files.ts): each
 * gets a database copied from the template test/global-setup.ts migrates, embedded or on
 * PostgreSQL. The PostgreSQL pass of CI runs only this project; the rest of the server's tests
 * are in vitest.other.config.ts.
 */
const { database } = splitTestFiles(fileURLToPath(new URL('.', import.meta.url)));

// A worker keeps its modules from one test file to the next: importing the server again for each
// file cost about 8 s of a core per file (docs/decisions/049-test-workers-keep-their-modules.md).
export const serverTimeouts = { testTimeout: 30_000, hookTimeout: 60_000, isolate: false };

export default defineConfig({
  test: {
    name: 'server:database',
    include: database,
    globalSetup: ['test/global-setup.ts'],
    ...serverTimeouts,
  },
});
