import { createHash, randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server the process tests start is the built one (`npm run build` → dist/main.js, what
 * `npm start` runs), not the sources through tsx: a spawn then costs a third less CPU, and the
 * bundle is what operators run. It is built once per change of the sources, into the system's
 * temporary directory, laid out as a checkout (apps/server/dist beside a link to apps/web and
 * node_modules) so it finds the web build and its packages as dist/main.js does.
 *
 * A first start on an empty data directory creates and migrates the embedded database (5-12 s,
 * several times that on a busy machine); `migratedDataDir()` hands out copies of one directory
 * the built CLI migrated instead, for the tests whose subject is not the first start.
 *
 * Both are shared by every test worker and run without a lock: each is made in a directory of
 * its own, then renamed into place; a loser of that race uses the winner's.
 */
export interface ServerBuild {
  main: string;
  cli: string;
  root: string;
}

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const BUILDS = 'kaleido-server-build-';
const SOURCES = [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/shared/src',
  'package-lock.json',
];

/** Paths, sizes and modification times of every source: changes when any source does. */
function sourcesFingerprint(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  for (const source of SOURCES) visit(join(repoRoot, source));
  return hash.digest('hex').slice(0, 16);
}

/** Makes `final` with `make(dir)` unless it is there; safe when several workers race for it. */
function once(final: string, make: (dir: string) => void): void {
  if (existsSync(final)) return;
  const scratch = `${final}.${randomBytes(4).toString('hex')}.partial`;
  mkdirSync(scratch, { recursive: true });
  try {
    make(scratch);
    renameSync(scratch, final);
  } catch (error) {
    // Another worker finished first: its copy is as good as ours.
    if (!existsSync(final)) throw error;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

let cached: ServerBuild | undefined;

export function serverBuild(): ServerBuild {
  if (cached) return cached;
  const checkout = `${BUILDS}${createHash('sha256').update(repoRoot).digest('hex').slice(0, 8)}-`;
  const root = join(tmpdir(), `${checkout}${sourcesFingerprint()}`);
  once(root, (dir) => {
    // This checkout's builds of older sources (the template data directory is tens of MB).
    for (const name of readdirSync(tmpdir()))
      if (name.startsWith(checkout) && !name.endsWith('.partial'))
        rmSync(join(tmpdir(), name), { recursive: true, force: true });
    const dist = join(dir, 'apps/server/dist');
    const run = spawnSync(process.execPath, ['build.mjs', dist], {
      cwd: join(repoRoot, 'apps/server'),
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`server build failed:\n${run.stderr}${run.stdout}`);
    symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
    // npm keeps a package in the workspace's own node_modules when it cannot hoist it.
    if (existsSync(join(repoRoot, 'apps/server/node_modules')))
      symlinkSync(
        join(repoRoot, 'apps/server/node_modules'),
        join(dir, 'apps/server/node_modules'),
      );
    symlinkSync(join(repoRoot, 'apps/web'), join(dir, 'apps/web'));
  });
  cached = {
    root,
    main: join(root, 'apps/server/dist/main.js'),
    cli: join(root, 'apps/server/dist/cli.js'),
  };
  return cached;
}

/** A new data directory holding an embedded database the built CLI has already migrated. */
export function migratedDataDir(): string {
  const build = serverBuild();
  const template = join(build.root, 'migrated-data-dir');
  once(template, (dir) => {
    const run = spawnSync(process.execPath, [build.cli, 'migrate'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        DATA_DIR: dir,
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`migrate failed:\n${run.stderr}${run.stdout}`);
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'kaleido-process-'));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}
