import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files known to take a minute or more (each starts real processes or decodes real speech).
 * Run last, one of them kept a core busy for up to three minutes while the other had nothing left
 * to do: CI's first runs of decision 046's layout ended with `test/process/cli.test.ts` alone.
 */
const LONG_FILES = [
  /\/test\/process\//,
  /\/pocketsphinx-recogniser\.test\.ts$/,
  /\/speech\/speech\.test\.ts$/,
  /\/authorization-matrix\.test\.ts$/,
];

/**
 * Vitest's order (by project, then by what its cache knows, which a fresh clone has not), with
 * the long files first, so the short ones fill the cores around them.
 */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_FILES.some((p) => p.test(file.moduleId));
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

// One run over every workspace that has tests; each project keeps its own config. The server's
// tests are two projects: those that depend on the run's database (`server:database`, the only
// project the PostgreSQL pass runs: `npm test -- --project server:database`) and the rest.
export default defineConfig({
  test: {
    projects: [
      'apps/server/vitest.config.ts',
      'apps/server/vitest.other.config.ts',
      'packages/shared',
      'apps/web',
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
    // Each server test file gets its own database; two at a time fits two cores.
    maxWorkers: 2,
    sequence: { sequencer: LongFilesFirst },
  },
});
