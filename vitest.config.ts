import { defineConfig } from 'vitest/config';

// One run over every workspace that has tests; each project keeps its own config.
export default defineConfig({
  test: {
    projects: [
      'apps/server',
      'packages/shared',
      'apps/web',
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
    // Each server test file gets its own database; two at a time fits two cores.
    maxWorkers: 2,
  },
});
