import { existsSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
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
let statuses: string[] = [];
// emails[0] is a request whose body arrives in two halves, around the SIGTERM; then the burst.
const emails = [
  'slow-body@example.com',
  ...Array.from({ length: CONCURRENT }, (_, i) => `in-flight-${i}@example.com`),
];

beforeAll(async () => {
  dataDir = tempDataDir({ migrated: true });
  database = await processDatabase({ migrated: true });
  // Info logs: the server's own "incoming request" lines tell us when every request has arrived.
  env = { DATA_DIR: dataDir, ...database.env, LOG_LEVEL: 'info', RATE_LIMIT_FACTOR: '1000' };
}, PROCESS_TIMEOUT);
afterAll(async () => {
  if (server?.child.exitCode === null) await server.stop('SIGKILL');
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * From the server's own log, in its order: sign-ups received, and sign-ups answered after it
 * logged "shutting down" (so they were in flight when the signal arrived).
 */
function signUpsIn(stdout: string) {
  const received = new Set<string>();
  let shuttingDown = false;
  let seen = 0;
  let answeredWhileShuttingDown = 0;
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; requestId?: string; req?: { url?: string } };
    if (entry.msg === 'shutting down') shuttingDown = true;
    if (!entry.requestId) continue;
    // The first sign-up is the warm-up, answered before the burst.
    if (entry.msg === 'incoming request' && entry.req?.url === '/api/auth/sign-up' && seen++ > 0)
      received.add(entry.requestId);
    if (entry.msg === 'request completed' && shuttingDown && received.has(entry.requestId))
      answeredWhileShuttingDown += 1;
  }
  return { received: received.size, answeredWhileShuttingDown };
}

/** Opens every connection first, so the requests can then reach the server together. */
async function openConnections(url: string, count: number): Promise<Socket[]> {
  const { hostname, port } = new URL(url);
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
}

/**
 * Writes one HTTP/1.1 sign-up and reads until the server closes: the status, or what broke.
 * With `sendRest`, the second half of the body waits for it (a slow client, in flight for sure).
 */
function exchange(socket: Socket, email: string, sendRest?: Promise<void>): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    let failure = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (failure = error.code ?? error.message));
    socket.on('close', () =>
      resolve(/^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1] ?? `no response (${failure || 'closed'})`),
    );
    const body = JSON.stringify({ email, password: PASSWORD, fullName: 'In Flight' });
    const request =
      `POST /api/auth/sign-up HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const cut = sendRest ? request.length - body.length / 2 : request.length;
    socket.write(request.slice(0, cut));
    void sendRest?.then(() => socket.write(request.slice(cut)));
  });
}

describe('graceful shutdown', { timeout: PROCESS_TIMEOUT }, () => {
  it('answers every request it had started when SIGTERM arrives, then exits 0', async () => {
    const running = await startServer(env);
    server = running;
    // The first sign-up warms the server up (it blocks for a second or so); not part of the burst.
    const warmUp = await new HttpSession(running.url).request('POST', '/api/auth/sign-up', {
      email: 'warm-up@example.com',
      password: PASSWORD,
      fullName: 'Warm Up',
    });
    expect(warmUp.status).toBe(200);
    const sockets = await openConnections(running.url, emails.length);
    const log = () => signUpsIn(running.output.stdout);
    // The slow request goes first and waits, half sent, until the server says it is shutting down.
    let shutdownStarted: () => void = () => undefined;
    const afterShutdownStarted = new Promise<void>((resolve) => (shutdownStarted = resolve));
    const responses = [
      exchange(sockets[0] as Socket, 'slow-body@example.com', afterShutdownStarted),
    ];
    while (log().received < 1) await sleep(1);
    responses.push(...sockets.slice(1).map((socket, i) => exchange(socket, emails[i + 1] ?? '')));
    // Signal as soon as the server has started on some of the burst.
    while (log().received < 6) await sleep(1);
    running.child.kill('SIGTERM');
    const signalledAt = Date.now();
    while (!running.output.stdout.includes('"msg":"shutting down"')) await sleep(1);
    shutdownStarted();

    statuses = await Promise.all(responses);
    // Half its body was still to come when the shutdown began, and it was answered all the same.
    expect(statuses[0]).toBe('200');
    // Before the keep-alive fix in main.ts this waited for keepAliveTimeout (72 s).
    const exit = await Promise.race([running.exited, sleep(10_000).then(() => 'still running')]);
    const exitedAfter = Date.now() - signalledAt;
    const { received, answeredWhileShuttingDown } = signUpsIn(running.output.stdout);
    const tally = Object.entries(
      statuses.reduce<Record<string, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {}),
    );
    console.log(
      `server started ${received}/${emails.length} sign-ups, ${answeredWhileShuttingDown} of them ` +
        `answered after "shutting down"; exited ${exitedAfter} ms after SIGTERM; ` +
        `clients saw ${tally.map(([s, n]) => `${n}× ${s}`).join(', ')}`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    expect(existsSync(lockFileIn(dataDir))).toBe(false);
    // Every request the server started was answered 200: none cut off mid-way.
    expect(statuses.filter((s) => s === '200')).toHaveLength(received);
    expect(answeredWhileShuttingDown).toBeGreaterThan(0);
    // The rest were turned away whole (503 while closing, or never read), never half-answered.
    for (const status of statuses) expect(status).toMatch(/^(200|503|no response \(.+\))$/);
  });

  it('kept exactly what it answered 200, verification mail included', async () => {
    const restarted = await startServer(env);
    server = restarted;
    const answered = emails.filter((_, i) => statuses[i] === '200');
    const turnedAway = emails.filter((_, i) => statuses[i] !== '200');
    const mailbox = await new HttpSession(restarted.url).request('GET', '/api/dev/mailbox');
    const confirmations = mailbox
      .json<{ messages: { to: string; subject: string }[] }>()
      .messages.filter((m) => m.subject === 'Confirm your email for Kaleido')
      .map((m) => m.to)
      .filter((to) => emails.includes(to));
    expect(confirmations.sort()).toEqual(answered.sort());
    // Accounts exist unverified (sign-in says so); the turned-away ones do not exist (401).
    for (const email of [answered[0], turnedAway[0]]) {
      if (email === undefined) continue;
      const signIn = await new HttpSession(restarted.url).signIn(email, PASSWORD);
      expect(signIn.status).toBe(answered.includes(email) ? 403 : 401);
    }
    expect(await restarted.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});
