// "Is the build stale?" — one answer for `npm start` (scripts/start.mjs) and the browser suite
// (scripts/test-e2e.mjs). Two hand-kept copies drifted once: a change in apps/web/public rebuilt
// for the browser suite but not for `npm start`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const WEB_OUTPUT = 'apps/web/dist/index.html';
export const SERVER_OUTPUT = 'apps/server/dist/main.js';

/** Everything `npm run build -w apps/web` reads. */
export const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/first-paint.mjs',
  'apps/web/package.json',
  'packages/shared/src',
  'package-lock.json',
];

/** Everything `npm run build -w apps/server` reads. */
export const SERVER_SOURCES = [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/shared/src',
  'package-lock.json',
];

/** The newest modification time under `path` (0 when it does not exist). */
export function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newestChange(join(path, name))),
    stat.mtimeMs,
  );
}

/**
 * True when an output is missing or any source changed after the oldest output was written.
 * `server: false` checks the web app alone (the browser suite may run another checkout's server).
 */
export function isBuildStale({ root = '.', server = true } = {}) {
  const outputs = server ? [WEB_OUTPUT, SERVER_OUTPUT] : [WEB_OUTPUT];
  const sources = [...new Set(server ? [...WEB_SOURCES, ...SERVER_SOURCES] : WEB_SOURCES)];
  const builtAt = Math.min(
    ...outputs.map((output) => {
      const path = join(root, output);
      return existsSync(path) ? statSync(path).mtimeMs : 0;
    }),
  );
  return builtAt === 0 || sources.some((source) => newestChange(join(root, source)) > builtAt);
}
