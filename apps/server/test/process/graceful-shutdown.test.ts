import { existsSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processDatabase } from './database-target';
import { HttpSession } from './http-session';
import {
  lockFileIn,
  PROCESS_TIMEOUT,
  type ServerProcess,
  startServer,
  tempDataDir,
} from './processes';

const PASSWORD = 'Correct-Horse-42-Battery';
const CONCURRENT = 50;

let dataDir: string;
let env: Record<string, string>;
let database: Awaited<ReturnType<typeof processDatabase>>;
let server: ServerProcess | undefined;
const emails = Array.from({ length: CONCURRENT }, (_, i) => `in-flight-${i}@example.com`);

beforeAll(async () => {
  dataDir = tempDataDir();
  database = await processDatabase();
  // Info logs: the server's own "incoming request" lines tell us when every request has arrived.
  env = { DATA_DIR: dataDir, ...database.env, LOG_LEVEL: 'info', RATE_LIMIT_FACTOR: '1000' };
}, PROCESS_TIMEOUT);
afterAll(async () => {
  if (server?.child.exitCode === null) await server.stop('SIGKILL');
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Request ids of sign-ups the server logged as received, and of those it had answered. */
function signUpsIn(stdout: string) {
  const received = new Set<string>();
  const answered = new Set<string>();
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; requestId?: string; req?: { url?: string } };
    if (!entry.requestId) continue;
    if (entry.msg === 'incoming request' && entry.req?.url === '/api/auth/sign-up')
      received.add(entry.requestId);
    if (entry.msg === 'request completed' && received.has(entry.requestId))
      answered.add(entry.requestId);
  }
  return { received: received.size, answered: answered.size };
}

describe('graceful shutdown', { timeout: PROCESS_TIMEOUT }, () => {
  it('answers every request it had accepted when SIGTERM arrives, then exits 0', async () => {
    const running = await startServer(env);
    server = running;
    const responses = emails.map((email) =>
      fetch(`${running.url}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, fullName: 'In Flight' }),
      }).then(
        async (response) => ({ status: response.status, body: await response.text() }),
        (error: unknown) => ({ status: 0, body: String((error as Error).cause ?? error) }),
      ),
    );
    // Signal as soon as the server has received all of them; most are still hashing or queued.
    while (signUpsIn(running.output.stdout).received < CONCURRENT) await sleep(2);
    running.child.kill('SIGTERM');
    const answeredBeforeSignal = signUpsIn(running.output.stdout).answered;
    const signalledAt = Date.now();

    const results = await Promise.all(responses);
    // Before the keep-alive fix in main.ts this waited for keepAliveTimeout (72 s).
    const exit = await Promise.race([running.exited, sleep(10_000).then(() => 'still running')]);
    console.log(
      `answered before SIGTERM: ${answeredBeforeSignal}/${CONCURRENT}; exited ${Date.now() - signalledAt} ms after it`,
    );
    expect(answeredBeforeSignal).toBeLessThan(CONCURRENT);
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(existsSync(lockFileIn(dataDir))).toBe(false);
  });

  it('kept what those requests wrote, their verification mail included', async () => {
    const restarted = await startServer(env);
    server = restarted;
    const mailbox = await new HttpSession(restarted.url).request('GET', '/api/dev/mailbox');
    const confirmations = mailbox
      .json<{ messages: { to: string; subject: string }[] }>()
      .messages.filter((m) => m.subject === 'Confirm your email for Kaleido')
      .map((m) => m.to);
    expect(confirmations.sort()).toEqual([...emails].sort());
    // The accounts exist, unverified: sign-in says so (an unknown email would get 401).
    for (const email of [emails[0], emails[CONCURRENT - 1]]) {
      const signIn = await new HttpSession(restarted.url).signIn(email ?? '', PASSWORD);
      expect(signIn.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    }
    expect(await restarted.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});
