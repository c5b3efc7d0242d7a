/* global fetch */
// `npm run test:e2e`: browser journeys (playwright-core + Debian Chromium) against the real server
// on fresh embedded databases. Builds when the build is missing or stale, starts two servers (the
// default one, and one whose idle timeout is 6 seconds for the inactivity journey), runs e2e/,
// stops the servers, and ends with the one line CI reads: `N passed, N failed`.
// E2E_SERVER_ROOT=<checkout> runs the server (and its CLI) from another checkout, e.g. a worktree
// of HEAD while this tree's server is mid-change; only the web app is then built here.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isBuildStale } from './build-freshness.mjs';

const serverRoot = process.env.E2E_SERVER_ROOT ?? '.';
const ownServer = serverRoot === '.';

function finish(passed, failed) {
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

if (isBuildStale({ server: ownServer })) {
  console.log('e2e: building the web app and server…');
  const build = spawnSync(
    'npm',
    ownServer ? ['run', 'build'] : ['run', 'build', '-w', 'apps/web'],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) finish(0, 1);
}

// The servers run from a snapshot of the build, so another build of this checkout while the
// journeys run (a second session, an editor's watcher) cannot pull the pages from under them.
const dirs = [];
const snapshot = mkdtempSync(join(tmpdir(), 'kaleido-e2e-build-'));
dirs.push(snapshot);
cpSync(join(serverRoot, 'apps/server/dist'), join(snapshot, 'apps/server/dist'), {
  recursive: true,
});
cpSync('apps/web/dist', join(snapshot, 'apps/web/dist'), { recursive: true });
symlinkSync(resolve(serverRoot, 'node_modules'), join(snapshot, 'node_modules'));
// npm keeps a package in the workspace's own node_modules when it cannot hoist it.
if (existsSync(resolve(serverRoot, 'apps/server/node_modules')))
  symlinkSync(
    resolve(serverRoot, 'apps/server/node_modules'),
    join(snapshot, 'apps/server/node_modules'),
  );
const snapshotMain = join(snapshot, 'apps/server/dist/main.js');
// The operator CLI from the same build (a third less CPU a start than the sources through tsx).
const snapshotCli = join(snapshot, 'apps/server/dist/cli.js');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const servers = [];

/** Accounts with a role, made by the operator CLI before the server holds the data directory. */
function createRoleAccounts(dataDir) {
  const accounts = [];
  for (const role of ['user', 'client', 'admin']) {
    const account = {
      role,
      email: `${role}-cli@example.test`,
      password: 'Kaleido-Role-Account-7!',
      fullName: `CLI ${role[0].toUpperCase()}${role.slice(1)}`,
    };
    const run = spawnSync(
      process.execPath,
      [
        snapshotCli,
        'user:create',
        '--email',
        account.email,
        '--password',
        account.password,
        '--name',
        account.fullName,
        '--role',
        role,
      ],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    );
    if (run.status === 0) accounts.push(account);
  }
  return accounts;
}

async function startServer(name, extraEnv) {
  const dataDir = mkdtempSync(join(tmpdir(), `kaleido-e2e-${name}-`));
  dirs.push(dataDir);
  const roleAccounts = name === 'main' ? createRoleAccounts(dataDir) : [];
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', snapshotMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      RATE_LIMIT_FACTOR: '100',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  servers.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return { baseUrl, roleAccounts };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} server did not become ready`);
}

function stopAll() {
  for (const child of servers) if (child.exitCode === null) child.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(1);
  });
}

let passed = 0;
let failed = 0;
const resultDir = mkdtempSync(join(tmpdir(), 'kaleido-e2e-result-'));
dirs.push(resultDir);
try {
  const [main, idle] = await Promise.all([
    startServer('main', {}),
    startServer('idle', { SESSION_IDLE_MINUTES: '0.1' }),
  ]);
  const resultFile = join(resultDir, 'result.json');
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'e2e/main.ts', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: main.baseUrl,
        E2E_IDLE_BASE_URL: idle.baseUrl,
        E2E_ROLE_ACCOUNTS: JSON.stringify(main.roleAccounts),
        E2E_RESULT_FILE: resultFile,
      },
    },
  );
  try {
    ({ passed, failed } = JSON.parse(readFileSync(resultFile, 'utf8')));
  } catch {
    failed = Math.max(failed, 1);
  }
  if (run.status !== 0 && failed === 0) failed = 1;
} catch (error) {
  console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
  failed = Math.max(failed, 1);
} finally {
  stopAll();
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
finish(passed, failed);
