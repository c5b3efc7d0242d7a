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

// Persistence of the embedded database (and its lock) across restarts: always on a DATA_DIR of
// its own, without DATABASE_URL, on the PostgreSQL run too.
const EMAIL = 'restart@example.com';
const PASSWORD = 'Correct-Horse-42-Battery';

let dataDir: string;
let server: ServerProcess | undefined;
const browser = new HttpSession('');

beforeAll(async () => {
  dataDir = tempDataDir({ migrated: true });
  const created = await runCli(
    [
      'user:create',
      `--email=${EMAIL}`,
      `--password=${PASSWORD}`,
      '--name=Re Start',
      '--role=client',
    ],
    { DATA_DIR: dataDir },
  );
  expect(created).toMatchObject({ code: 0 });
}, PROCESS_TIMEOUT);
afterAll(async () => {
  if (server?.child.exitCode === null) await server.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  server = await startServer({ DATA_DIR: dataDir });
  browser.baseUrl = server.url;
  return server;
}

describe('restarting the server', { timeout: PROCESS_TIMEOUT }, () => {
  it('keeps accounts and sessions across a graceful restart', async () => {
    const before = await start();
    expect((await browser.signIn(EMAIL, PASSWORD)).status).toBe(200);
    expect(await browser.session()).toMatchObject({ user: { email: EMAIL }, role: 'client' });
    expect(await before.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(existsSync(lockFileIn(dataDir))).toBe(false);

    await start();
    // The browser's cookie from before the restart still names a live session.
    expect(await browser.session()).toMatchObject({ user: { email: EMAIL }, role: 'client' });
    const other = new HttpSession(browser.baseUrl);
    expect((await other.signIn(EMAIL, PASSWORD)).status).toBe(200);
    expect(await other.session()).toMatchObject({
      user: { email: EMAIL },
      profile: { fullName: 'Re Start' },
    });
  });

  it('takes over the stale lock after kill -9 and keeps what was committed', async () => {
    const killed = server;
    if (!killed) throw new Error('no server from the previous test');
    // A sign-in answered just before the crash: its session row must survive.
    const lastBrowser = new HttpSession(killed.url);
    expect((await lastBrowser.signIn(EMAIL, PASSWORD)).status).toBe(200);
    expect(await killed.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect(readFileSync(lockFileIn(dataDir), 'utf8')).toBe(String(killed.pid));

    const restarted = await start();
    expect(readFileSync(lockFileIn(dataDir), 'utf8')).toBe(String(restarted.pid));
    lastBrowser.baseUrl = restarted.url;
    expect(await lastBrowser.session()).toMatchObject({ user: { email: EMAIL } });
    expect(await browser.session()).toMatchObject({ user: { email: EMAIL } });
    expect(await restarted.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(existsSync(lockFileIn(dataDir))).toBe(false);
  });
});
