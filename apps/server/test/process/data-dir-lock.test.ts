import { existsSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from './http-session';
import {
  lockFileIn,
  PROCESS_TIMEOUT,
  runCli,
  type ServerProcess,
  startServer,
  tempDataDir,
} from './processes';

// The lock guards the embedded database, so this file always runs on a DATA_DIR of its own
// without DATABASE_URL, on the PostgreSQL run too.
const PASSWORD = 'Correct-Horse-42-Battery';
const createArgs = (email: string) => [
  'user:create',
  `--email=${email}`,
  `--password=${PASSWORD}`,
  '--name=Second Process',
  '--role=admin',
];

let dataDir: string;
let first: ServerProcess;

beforeAll(async () => {
  dataDir = tempDataDir({ migrated: true });
  first = await startServer({ DATA_DIR: dataDir });
}, PROCESS_TIMEOUT);
afterAll(async () => {
  if (first.child.exitCode === null) await first.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the data directory lock', { timeout: PROCESS_TIMEOUT }, () => {
  it('refuses a second server on the same data directory, naming the first', async () => {
    const second = await startServer({ DATA_DIR: dataDir }, { waitUntilReady: false });
    expect(await second.exited).toMatchObject({ code: 1 });
    expect(second.output.stderr).toBe(`kaleido: data directory in use by process ${first.pid}\n`);
    expect(readFileSync(lockFileIn(dataDir), 'utf8')).toBe(String(first.pid));
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  });

  it('refuses the CLI the same way, and it changes nothing', async () => {
    const line = `kaleido: data directory in use by process ${first.pid}\n`;
    const create = await runCli(createArgs('locked-out@example.com'), { DATA_DIR: dataDir });
    expect(create).toMatchObject({ code: 1, stdout: '', stderr: line });
    const migrate = await runCli(['migrate'], { DATA_DIR: dataDir });
    expect(migrate).toMatchObject({ code: 1, stdout: '', stderr: line });
    expect(readFileSync(lockFileIn(dataDir), 'utf8')).toBe(String(first.pid));
    const signIn = await new HttpSession(first.url).signIn('locked-out@example.com', PASSWORD);
    expect(signIn.status).toBe(401);
  });

  it('is released by a graceful stop, after which the CLI works', async () => {
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(existsSync(lockFileIn(dataDir))).toBe(false);
    // The refused user:create really wrote nothing.
    const role = await runCli(['user:role', '--email=locked-out@example.com', '--role=user'], {
      DATA_DIR: dataDir,
    });
    expect(role).toMatchObject({
      code: 1,
      stderr: 'kaleido: no account with the email locked-out@example.com\n',
    });
    const create = await runCli(createArgs('locked-out@example.com'), { DATA_DIR: dataDir });
    expect(create).toMatchObject({ code: 0, stdout: 'created admin locked-out@example.com\n' });
  });
});
