// Nobody can stall the server (issue 24 item 5, N5): one run, ~2-4 minutes.   node bench/stall.mjs
//   --seconds=15   length of each measured phase
//   --entries=200  person A's journal entries of 10,000 characters (200: ≈2 MB of text, just
//                  under the PDF cap, so A's full export is the largest PDF the server will make)
// Person B polls GET /healthz and sends a chat message to C, alternately every 50 ms, and each
// latency is recorded. Analysis is off for the three (each message would queue its analysis on
// the event loop, which bench/insights.ts measures), and the baseline starts once the server
// is idle. Phase 1 (baseline): nothing else runs. Phase 2 (load): person A asks for
// the full journal PDF three times in parallel, again as soon as all three have answered, for
// the whole phase. Printed: p50/p95/p99/max per phase, the load/baseline ratio, A's answers
// (one 200 and two 429 EXPORT_IN_PROGRESS per round) and how long a PDF took.
// Target (issue 24): B's /healthz and chat send p99 under load < 50 ms. Before the worker
// thread, the same load stalled every request for 4-10 s (security probe 2, N5).
// The server is the built one (dist/main.js, dist/pdf-worker.js: `npm run build -w apps/server`
// first), on a fresh embedded database in a temp DATA_DIR; set DATABASE_URL for PostgreSQL.
// A figure, not a test: no assertions (the verdict is printed).
/* global performance, Buffer */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchEnv, startProcess, stop } from './lib/processes.mjs';

const flags = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, Number(value)];
  }),
);
const SECONDS = flags.seconds ?? 15;
const ENTRIES = flags.entries ?? 200;
const PASSWORD = 'Bench-Password-42!';
const TARGET_P99_MS = 50;
const MAIN = 'apps/server/dist/main.js';

if (!existsSync(MAIN) || !existsSync('apps/server/dist/pdf-worker.js')) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const env = benchEnv({ LOG_LEVEL: 'warn' });
const run = Date.now().toString(36);
const people = ['a', 'b', 'c'].map((name) => ({ name, email: `stall-${run}-${name}@example.com` }));
// The CLI takes the data directory's lock: the accounts are made before the server starts.
for (const p of people) {
  const made = spawnSync(
    process.execPath,
    [
      'apps/server/dist/cli.js',
      'user:create',
      `--email=${p.email}`,
      `--password=${PASSWORD}`,
      `--name=Stall ${p.name}`,
    ],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (made.status !== 0) throw new Error(`user:create ${p.email} failed`);
}
const server = await startProcess([MAIN], env, '/readyz');

// node:http over kept-alive connections (fetch costs the client more CPU than the server).
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function send(url, method, headers, payload) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

class Account {
  constructor(email) {
    this.email = email;
    this.cookies = new Map();
    this.csrf = '';
  }
  async request(method, path, body) {
    const headers = {
      'user-agent': 'kaleido-bench',
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (method !== 'GET') headers['x-csrf-token'] = this.csrf;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await send(server.url + path, method, headers, payload);
    for (const line of response.headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return { ...response, json: () => JSON.parse(response.body.toString()) };
  }
  async signIn() {
    const signIn = await this.request('POST', '/api/auth/sign-in', {
      email: this.email,
      password: PASSWORD,
    });
    if (signIn.status !== 200) throw new Error(`sign-in ${signIn.status} ${signIn.body}`);
    const session = (await this.request('GET', '/api/session')).json();
    this.csrf = session.csrfToken;
    this.userId = session.user.id;
  }
}

/** CPU seconds the process has used (all its threads), from /proc. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Waits (at most 5 minutes) until the server uses under 5 % of a core over 2 s. */
async function idle(pid) {
  for (let i = 0; i < 150; i++) {
    const before = cpuSeconds(pid);
    await sleep(2_000);
    const share = (cpuSeconds(pid) - before) / 2;
    process.stdout.write(
      `\r  waiting for the server to be idle: ${(share * 100).toFixed(0)} % of a core `,
    );
    if (share < 0.05) break;
  }
  process.stdout.write('\n');
}

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.at(-1) ?? NaN,
    count: sorted.length,
  };
}

try {
  const [a, b, c] = people.map((p) => new Account(p.email));
  for (const account of [a, b, c]) {
    await account.signIn();
    // Analysis off: each entry and message would queue its analysis on the server's event loop
    // (bench/insights.ts measures that); here the requests alone are measured.
    const off = await account.request('PATCH', '/api/insights/settings', { enabled: false });
    if (off.status !== 200) throw new Error(`analysis off ${off.status} ${off.body}`);
  }
  const words = 'I walked along the river and thought about the week. '
    .repeat(200)
    .slice(0, 10_000);
  for (let i = 0; i < ENTRIES; i++) {
    const made = await a.request('POST', '/api/journal/entries', {
      title: `Day ${i + 1}`,
      content: words,
      mood: 'neutral',
    });
    if (made.status !== 201) throw new Error(`entry ${made.status} ${made.body}`);
    if (i % 20 === 19) process.stdout.write(`\r  entries ${i + 1}/${ENTRIES}`);
  }
  process.stdout.write('\n');
  // Whatever writing the entries left to do in the background: the baseline starts idle.
  await idle(server.child.pid);
  const conversation = await b.request('POST', '/api/chat/conversations', {
    participantId: c.userId,
  });
  const conversationId = conversation.json().conversation.id;

  /** B's probes for `seconds`: /healthz and a chat send, alternately every 50 ms. */
  async function probe(seconds) {
    const healthz = [];
    const chat = [];
    const failures = [];
    const until = performance.now() + seconds * 1000;
    for (let i = 0; performance.now() < until; i++) {
      const started = performance.now();
      const response =
        i % 2 === 0
          ? await send(`${server.url}/healthz`, 'GET', {})
          : await b.request('POST', `/api/chat/conversations/${conversationId}/messages`, {
              clientId: randomUUID(),
              content: `ping ${i}`,
            });
      const took = performance.now() - started;
      if (response.status >= 300) failures.push(response.status);
      (i % 2 === 0 ? healthz : chat).push(took);
      await sleep(Math.max(0, 50 - took));
    }
    return { healthz: percentiles(healthz), chat: percentiles(chat), failures };
  }

  // One full PDF alone first: how long the largest export takes, and that it is one.
  const first = performance.now();
  const alone = await a.request('GET', '/api/journal/export.pdf');
  const aloneMs = performance.now() - first;
  if (alone.status !== 200) throw new Error(`export.pdf ${alone.status} ${alone.body}`);

  console.log(`\nbaseline: ${SECONDS} s of B's probes alone`);
  const baseline = await probe(SECONDS);

  console.log(
    `load: the same while A asks for the ${(alone.body.length / 1e6).toFixed(1)} MB PDF 3× in parallel, over and over`,
  );
  let loading = true;
  const answers = {};
  const pdfMs = [];
  const exporter = (async () => {
    while (loading) {
      const started = performance.now();
      const round = await Promise.all(
        [0, 1, 2].map(() =>
          a.request('GET', '/api/journal/export.pdf').then((r) => {
            if (r.status === 200) pdfMs.push(performance.now() - started);
            const code = r.status === 200 ? '' : ` ${r.json().code}`;
            return `${r.status}${code}`;
          }),
        ),
      );
      for (const answer of round) answers[answer] = (answers[answer] ?? 0) + 1;
    }
  })();
  const loaded = await probe(SECONDS);
  loading = false;
  await exporter;

  const row = (name, p) =>
    `  ${name.padEnd(22)} p50 ${p.p50.toFixed(1).padStart(6)}  p95 ${p.p95.toFixed(1).padStart(6)}  p99 ${p.p99.toFixed(1).padStart(6)}  max ${p.max.toFixed(1).padStart(7)} ms  (n=${p.count})`;
  console.log(
    `\nmachine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}`,
  );
  console.log(
    `largest PDF: ${ENTRIES} entries, ${(alone.body.length / 1e6).toFixed(2)} MB, ${aloneMs.toFixed(0)} ms alone`,
  );
  console.log(row('baseline /healthz', baseline.healthz));
  console.log(row('baseline chat send', baseline.chat));
  console.log(row('under load /healthz', loaded.healthz));
  console.log(row('under load chat send', loaded.chat));
  console.log(
    `  p99 ratio load/baseline: /healthz ${(loaded.healthz.p99 / baseline.healthz.p99).toFixed(2)}×, chat ${(loaded.chat.p99 / baseline.chat.p99).toFixed(2)}×`,
  );
  console.log(
    `  A's answers: ${Object.entries(answers)
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ')}; PDF under load p50 ${percentiles(pdfMs).p50.toFixed(0)} ms`,
  );
  console.log(`  B's failed probes: ${baseline.failures.length + loaded.failures.length}`);
  const worst = Math.max(loaded.healthz.p99, loaded.chat.p99);
  console.log(
    `\n${worst < TARGET_P99_MS ? 'PASS' : 'FAIL'}: worst p99 under load ${worst.toFixed(1)} ms (target < ${TARGET_P99_MS} ms)`,
  );
} finally {
  await stop(server.child);
  agent.destroy();
  if (!process.env.DATABASE_URL) rmSync(env.DATA_DIR, { recursive: true, force: true });
}
