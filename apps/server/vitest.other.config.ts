import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { splitTestFiles } from './test/database-test-files.ts';
import { serverTimeouts } from './vitest.config.ts';

/**
 * The server's test files that do not touch the run's database (pure rules, parsers, the
 * recogniser, migrations replayed on an in-memory PGlite): they run once, on the embedded pass.
 * No database target is provided here, so a file that reaches for one fails, naming the fix.
 */
const { database } = splitTestFiles(fileURLToPath(new URL('.', import.meta.url)));

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...database],
    ...serverTimeouts,
  },
});
