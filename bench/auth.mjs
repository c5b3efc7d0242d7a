// Auth figures, one run (~1 minute):   node bench/auth.mjs
//   1. sign-in throughput and latency (p50/p95) against a real server with a verified user;
//   2. an authenticated no-op route (GET /api/session with the session cookie) beside a raw
//      `node:http` server answering a tiny JSON, and the ratio between the two.
// Each server runs in its own process; autocannon (the client) runs in this one. The server runs
// from source (`node --import tsx`, the same code `npm start` bundles) on a fresh embedded
// database in a temp DATA_DIR; set DATABASE_URL to measure on PostgreSQL instead. Rate limits are
// raised (RATE_LIMIT_FACTOR) so that they do not cut the measurement short; request logging stays
// on at info level, as in production, written to /dev/null. A figure, not a test: no assertions.
/* global fetch */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { benchEnv, startProcess, stop } from './lib/processes.mjs';

const SECONDS = 10;
const WARMUP_SECONDS = 2;
const CONNECTIONS = 10;
const EMAIL = `bench-${Date.now()}@example.com`;
const PASSWORD = 'Bench-Password-42!';

const env = benchEnv();
const dataDir = env.DATA_DIR;

/** One autocannon run; latencies come from every response, so any percentile can be read. */
async function measure(title, options, duration = SECONDS) {
  const latencies = [];
  const instance = autocannon({ connections: CONNECTIONS, duration, ...options });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    title,
    rps: result.requests.total / result.duration,
    p50: at(0.5).toFixed(1),
    p95: at(0.95).toFixed(1),
    ok: result['2xx'],
    other: result.non2xx + result.errors + result.timeouts,
  };
}

// The verified user signs in; the CLI must run before the server (it takes the data-dir lock).
const created = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    'apps/server/src/cli/main.ts',
    'user:create',
    `--email=${EMAIL}`,
    `--password=${PASSWORD}`,
    '--name=Bench User',
  ],
  { env, encoding: 'utf8' },
);
if (created.status !== 0) throw new Error(`user:create failed: ${created.stderr}`);

const kaleido = await startProcess(['--import', 'tsx', 'apps/server/src/main.ts'], env, '/readyz');
const raw = await startProcess(
  [
    '-e',
    `require('node:http').createServer((req, res) => {
       res.writeHead(200, { 'content-type': 'application/json' });
       res.end('{"ok":true}');
     }).listen(Number(process.env.PORT), '127.0.0.1');`,
  ],
  env,
  '/',
);

const results = [];
try {
  const signInRequest = {
    url: `${kaleido.url}/api/auth/sign-in`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'kaleido-bench' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  };
  const signIn = await fetch(signInRequest.url, signInRequest);
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const session = { url: `${kaleido.url}/api/session`, headers: { cookie } };
  const check = await (await fetch(session.url, { headers: session.headers })).json();
  if (check.user?.email !== EMAIL) throw new Error('the session cookie does not sign in');

  await measure('warm-up', signInRequest, WARMUP_SECONDS);
  results.push(
    await measure('POST /api/auth/sign-in (argon2id verify + new session)', signInRequest),
  );
  await measure('warm-up', session, WARMUP_SECONDS);
  results.push(await measure('GET /api/session, signed in', session));
  await measure('warm-up', { url: raw.url }, WARMUP_SECONDS);
  results.push(await measure('raw node:http, tiny JSON', { url: raw.url }));
} finally {
  await stop(kaleido.child);
  await stop(raw.child);
  rmSync(dataDir, { recursive: true, force: true });
}

// Other work on the machine moves these figures; the load average says how busy it was.
const load = loadavg()[0].toFixed(1);
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
console.log(
  `\nKaleido auth bench · Node ${process.version} · ${cpus().length} CPUs · ${database} · ` +
    `${CONNECTIONS} connections × ${SECONDS} s each · load average ${load}\n`,
);
const rows = results.map((r) => [
  r.title,
  r.rps.toFixed(0),
  `${r.p50} ms`,
  `${r.p95} ms`,
  String(r.ok),
  String(r.other),
]);
const header = ['scenario', 'req/s', 'p50', 'p95', '2xx', 'other'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
const [, authed, bare] = results;
console.log(
  `\nauthenticated no-op / raw node:http = ${(authed.rps / bare.rps).toFixed(3)} ` +
    `(${authed.rps.toFixed(0)} vs ${bare.rps.toFixed(0)} req/s)`,
);
