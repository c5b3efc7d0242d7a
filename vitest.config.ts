import { defineConfig } from 'vitest/config';

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
  },
});
