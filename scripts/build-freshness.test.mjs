import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildStale, SERVER_OUTPUT, WEB_OUTPUT } from './build-freshness.mjs';

let root;
const past = new Date(Date.now() - 60_000);
const now = new Date();

function write(path, when) {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, 'x');
  utimesSync(full, when, when);
  // A directory's own time counts too: keep the parents old, as an untouched tree is.
  for (let dir = dirname(full); dir.length > root.length; dir = dirname(dir)) {
    utimesSync(dir, past, past);
  }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kaleido-freshness-'));
  write('apps/web/src/main.tsx', past);
  write('apps/web/public/favicon.svg', past);
  write('apps/server/src/main.ts', past);
  write('packages/shared/src/index.ts', past);
  write(WEB_OUTPUT, now);
  write(SERVER_OUTPUT, now);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('isBuildStale (npm start and npm run test:e2e)', () => {
  it('is fresh when every output is newer than every source', () => {
    expect(isBuildStale({ root })).toBe(false);
  });

  it('is stale when an output is missing', () => {
    rmSync(join(root, SERVER_OUTPUT));
    expect(isBuildStale({ root })).toBe(true);
  });

  it('is stale after a change in apps/web/public (npm start once missed it)', () => {
    write('apps/web/public/favicon.svg', new Date(Date.now() + 60_000));
    expect(isBuildStale({ root })).toBe(true);
  });

  it('is stale after a server change, unless only the web app is checked', () => {
    write('apps/server/src/main.ts', new Date(Date.now() + 60_000));
    expect(isBuildStale({ root })).toBe(true);
    expect(isBuildStale({ root, server: false })).toBe(false);
  });
});
