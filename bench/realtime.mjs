// Realtime chat figures, one run (~1-2 minutes at the defaults):   node bench/realtime.mjs
//   --sockets=200   authenticated sockets, one per account, in pairs sharing a conversation
//   --rate=50       messages per second for the latency phase (spread over the pairs)
//   --seconds=10    length of each measured phase
//   --concurrency=128 sends in flight for the sustained-throughput phase (many people typing at
//                   once; the server groups concurrent sends into one statement, so 32 in
//                   flight measures the round trip more than the capacity)
//   --idle=1000     extra idle sockets opened to measure memory per socket
// 1. send → receive latency: POST /api/chat/…/messages (persisted, then published), timed until
//    the partner's socket gets 'message.created'; p50/p95/p99 at a fixed rate.
// 2. sustained persisted messages/s: `concurrency` senders in a closed loop.
// Target run (issue #5; ~4 minutes):
//   DATABASE_URL=postgres://… node bench/realtime.mjs --sockets=2000 --rate=500 --idle=2000
// 3. memory per idle socket: server RSS and V8 heap before and after opening `idle` sockets.
//    Read the heap figure: after account setup the process has freed memory that the new
//    sockets reuse, so the RSS difference can be near zero.
// Each figure is printed beside a raw `ws` relay (no auth, no database) measured in the same run.
// The server runs from source on a fresh embedded database in a temp DATA_DIR; set DATABASE_URL
// to measure on PostgreSQL. Accounts are signed up over HTTP and verified from the local outbox
// (argon2id twice per account: ~20-60 s of setup per 1,000 sockets on two cores).
// A figure, not a test: no assertions.
/* global fetch, setInterval, clearInterval, performance, Buffer */
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { benchEnv, startProcess, stop } from './lib/processes.mjs';

const flags = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, Number(value)];
  }),
);
const SOCKETS = Math.max(2, Math.floor((flags.sockets ?? 200) / 2) * 2);
const RATE = flags.rate ?? 50;
const SECONDS = flags.seconds ?? 10;
const CONCURRENCY = flags.concurrency ?? 128;
const IDLE = flags.idle ?? 1000;
const PASSWORD = 'Bench-Password-42!';

const env = benchEnv({ LOG_LEVEL: 'warn' });
const dataDir = env.DATA_DIR;

/** Runs `task` over `items` with at most `limit` at a time. */
async function pool(items, limit, task) {
  let next = 0;
  const results = [];
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index], index);
      }
    }),
  );
  return results;
}

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), count: sorted.length };
}

/** Server memory: RSS from /proc, V8 heap from Prometheus metrics when the server has them. */
async function memoryOf(pid, metricsUrl) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
  let heap = NaN;
  if (metricsUrl) {
    const text = await (await fetch(metricsUrl)).text();
    heap = Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? NaN);
  }
  return { rss, heap };
}

function openSocket(url, headers) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade ${res.statusCode}`)));
  });
}

// ---------------------------------------------------------------- Kaleido
class Account {
  constructor(baseUrl, email) {
    this.baseUrl = baseUrl;
    this.email = email;
    this.cookies = new Map();
    this.csrf = '';
    this.userId = '';
  }
  get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async request(method, path, body) {
    const headers = { 'user-agent': 'kaleido-bench', cookie: this.cookie };
    if (method !== 'GET') headers['x-csrf-token'] = this.csrf;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await send(this.baseUrl + path, method, headers, payload);
    for (const line of response.setCookie) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return { status: response.status, json: () => JSON.parse(response.text) };
  }
}

// node:http over kept-alive connections: fetch costs the client ~1 ms of CPU per request,
// which on two shared cores would be measured as server slowness.
const agent = new Agent({ keepAlive: true, maxSockets: 512 });
function send(url, method, headers, payload) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          setCookie: res.headers['set-cookie'] ?? [],
          text: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function createAccounts(baseUrl, count) {
  const run = Date.now().toString(36);
  const accounts = Array.from(
    { length: count },
    (_, i) => new Account(baseUrl, `bench-${run}-${i}@example.com`),
  );
  // Sign up in batches small enough that the outbox page (newest 200) holds a whole batch.
  for (let start = 0; start < count; start += 100) {
    const batch = accounts.slice(start, start + 100);
    await pool(batch, 8, (a, i) =>
      a.request('POST', '/api/auth/sign-up', {
        email: a.email,
        password: PASSWORD,
        fullName: `Bench ${start + i}`,
      }),
    );
    const links = new Map();
    for (let attempt = 0; attempt < 200 && links.size < batch.length; attempt++) {
      const { messages } = (await batch[0].request('GET', '/api/dev/mailbox')).json();
      for (const m of messages) {
        const link = /https?:\/\/\S+/.exec(m.text)?.[0];
        if (link && batch.some((a) => a.email === m.to)) links.set(m.to, new URL(link));
      }
      if (links.size < batch.length) await sleep(50);
    }
    await pool(batch, 8, async (a) => {
      const link = links.get(a.email);
      if (!link) throw new Error(`no verification mail for ${a.email}`);
      await a.request('GET', link.pathname + link.search);
      const signIn = await a.request('POST', '/api/auth/sign-in', {
        email: a.email,
        password: PASSWORD,
      });
      if (signIn.status !== 200) throw new Error(`sign-in ${signIn.status}`);
      const session = (await a.request('GET', '/api/session')).json();
      a.csrf = session.csrfToken;
      a.userId = session.user.id;
    });
    process.stdout.write(`\r  accounts ${Math.min(start + 100, count)}/${count}`);
  }
  process.stdout.write('\n');
  return accounts;
}

async function kaleidoSocket(baseUrl, account, onEvent) {
  const ws = await openSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, {
    origin: baseUrl,
    cookie: account.cookie,
  });
  ws.on('message', (data) => onEvent(JSON.parse(data.toString())));
  return ws;
}

async function benchKaleido(accounts, server) {
  const { url } = server;
  const pending = new Map(); // clientId → send time
  let received = 0;
  let latencies = [];
  const onEvent = (m) => {
    if (m.type !== 'event' || m.name !== 'message.created') return;
    const sentAt = pending.get(m.data.message.client_id);
    if (sentAt === undefined) return; // the sender's own copy, or already counted
    pending.delete(m.data.message.client_id);
    latencies.push(performance.now() - sentAt);
    received += 1;
  };

  // Memory per idle socket: sockets that only join their user's room, as an idle tab does.
  const metrics = `${url}/metrics`;
  await sleep(1000);
  const before = await memoryOf(server.child.pid, metrics);
  const idle = await pool(
    Array.from({ length: IDLE }, (_, i) => accounts[i % accounts.length]),
    50,
    (a) => kaleidoSocket(url, a, () => undefined),
  );
  await sleep(2000);
  const after = await memoryOf(server.child.pid, metrics);
  for (const ws of idle) ws.terminate();
  const memory = { rss: (after.rss - before.rss) / IDLE, heap: (after.heap - before.heap) / IDLE };

  // Pairs: accounts 2k and 2k+1 share a conversation; each has one socket in its room.
  const pairs = [];
  for (let k = 0; k < accounts.length; k += 2) {
    const [a, b] = [accounts[k], accounts[k + 1]];
    const created = await a.request('POST', '/api/chat/conversations', { participantId: b.userId });
    pairs.push({ a, b, id: created.json().conversation.id });
  }
  await pool(pairs, 25, async (pair) => {
    for (const who of [pair.a, pair.b]) {
      const ws = await kaleidoSocket(url, who, onEvent);
      ws.send(JSON.stringify({ type: 'subscribe', room: `conversation:${pair.id}` }));
    }
  });
  await sleep(1000);

  let turn = 0;
  const sendOne = async () => {
    const pair = pairs[turn % pairs.length];
    const from = turn++ % (2 * pairs.length) < pairs.length ? pair.a : pair.b;
    const clientId = randomUUID();
    pending.set(clientId, performance.now());
    const response = await from.request('POST', `/api/chat/conversations/${pair.id}/messages`, {
      clientId,
      content: `bench ${turn}`,
    });
    if (response.status !== 201) throw new Error(`send ${response.status}`);
  };

  console.log(`  latency phase from ${new Date().toISOString()}`);
  const atRate = await fixedRate(sendOne, () => {
    const result = percentiles(latencies);
    latencies = [];
    return result;
  });
  console.log(`  sustained phase from ${new Date().toISOString()}`);
  const sustained = await closedLoop(sendOne, () => received);
  return { memory, atRate, sustained };
}

/** Sends at RATE for SECONDS, in ticks of 10 ms; answers the latency percentiles. */
async function fixedRate(sendOne, collect) {
  const errors = [];
  const inFlight = new Set();
  const started = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE);
      for (; sent < due; sent++) {
        const p = sendOne().catch((e) => errors.push(e));
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
      }
      if (performance.now() - started >= SECONDS * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  await Promise.all(inFlight);
  await sleep(1000);
  return { ...collect(), sent, errors: errors.length, rate: sent / SECONDS };
}

/** CONCURRENCY senders back to back for SECONDS; answers acknowledged and delivered per second. */
async function closedLoop(sendOne, deliveredCount) {
  const deadline = performance.now() + SECONDS * 1000;
  const deliveredBefore = deliveredCount();
  let acknowledged = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        try {
          await sendOne();
          acknowledged += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await sleep(1000);
  return {
    perSecond: acknowledged / elapsed,
    deliveredPerSecond: (deliveredCount() - deliveredBefore) / elapsed,
    errors,
  };
}

// ---------------------------------------------------------------- raw ws relay baseline
const RELAY = `
const { WebSocketServer } = require('ws');
const server = require('node:http').createServer((req, res) => {
  if (req.url === '/memory') {
    res.end(JSON.stringify({ heap: process.memoryUsage().heapUsed }));
  } else res.end('ok');
});
const byId = new Map();
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (ws, req) => {
  const id = new URL(req.url, 'http://x').searchParams.get('id');
  byId.set(id, ws);
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString());
    byId.get(message.to)?.send(data.toString());
  });
  ws.on('close', () => byId.delete(id));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
`;

async function benchRelay(relay) {
  const wsUrl = relay.url.replace(/^http/, 'ws');
  let received = 0;
  let latencies = [];
  const waiting = new Map();
  const onMessage = (data) => {
    const m = JSON.parse(data.toString());
    const entry = waiting.get(m.id);
    if (!entry) return;
    waiting.delete(m.id);
    latencies.push(performance.now() - entry.t);
    received += 1;
    entry.done();
  };

  const heapOf = async () => (await (await fetch(`${relay.url}/memory`)).json()).heap;
  await sleep(1000);
  const before = { rss: (await memoryOf(relay.child.pid)).rss, heap: await heapOf() };
  const idle = await pool(Array.from({ length: IDLE }), 50, (_, i) =>
    openSocket(`${wsUrl}/?id=idle${i}`, {}),
  );
  await sleep(2000);
  const after = { rss: (await memoryOf(relay.child.pid)).rss, heap: await heapOf() };
  for (const ws of idle) ws.terminate();
  const memory = { rss: (after.rss - before.rss) / IDLE, heap: (after.heap - before.heap) / IDLE };

  const sockets = await pool(Array.from({ length: SOCKETS }), 50, async (_, i) => {
    const ws = await openSocket(`${wsUrl}/?id=s${i}`, {});
    ws.on('message', onMessage);
    return ws;
  });
  let turn = 0;
  const sendOne = () =>
    new Promise((resolve) => {
      const i = turn++ % SOCKETS;
      const partner = i % 2 === 0 ? i + 1 : i - 1;
      const id = randomUUID();
      waiting.set(id, { t: performance.now(), done: resolve });
      sockets[i].send(JSON.stringify({ to: `s${partner}`, id, content: `bench ${turn}` }));
    });

  const atRate = await fixedRate(sendOne, () => {
    const result = percentiles(latencies);
    latencies = [];
    return result;
  });
  const sustained = await closedLoop(sendOne, () => received);
  for (const ws of sockets) ws.terminate();
  return { memory, atRate, sustained };
}

// ---------------------------------------------------------------- run
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
console.log(
  `Kaleido realtime bench · ${SOCKETS} sockets in ${SOCKETS / 2} pairs · ${RATE} msg/s · ` +
    `${SECONDS} s phases · ${CONCURRENCY} in flight · ${IDLE} idle sockets · ${database}`,
);
// BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the Kaleido server.
const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
const kaleido = await startProcess(
  [...serverFlags, '--import', 'tsx', 'apps/server/src/main.ts'],
  env,
  '/readyz',
);
const relay = await startProcess(['-e', RELAY], env, '/');
let k;
let r;
try {
  const accounts = await createAccounts(kaleido.url, SOCKETS);
  console.log('  measuring Kaleido…');
  k = await benchKaleido(accounts, kaleido);
  console.log('  measuring the raw ws relay…');
  r = await benchRelay(relay);
} finally {
  await stop(kaleido.child);
  await stop(relay.child);
  rmSync(dataDir, { recursive: true, force: true });
}

const load = loadavg()[0].toFixed(1);
console.log(
  `\nNode ${process.version} · ${cpus().length} CPUs · load average ${load} · ` +
    'client and servers share the machine\n',
);
const ms = (v) => `${v.toFixed(1)} ms`;
const rows = [
  ['send → receive p50', ms(k.atRate.p50), ms(r.atRate.p50)],
  ['send → receive p95', ms(k.atRate.p95), ms(r.atRate.p95)],
  ['send → receive p99', ms(k.atRate.p99), ms(r.atRate.p99)],
  [
    `  (offered ${RATE}/s: delivered, errors)`,
    `${k.atRate.count}, ${k.atRate.errors}`,
    `${r.atRate.count}, ${r.atRate.errors}`,
  ],
  [
    'sustained messages/s (acknowledged)',
    k.sustained.perSecond.toFixed(0),
    r.sustained.perSecond.toFixed(0),
  ],
  [
    '  delivered to partner sockets/s',
    k.sustained.deliveredPerSecond.toFixed(0),
    r.sustained.deliveredPerSecond.toFixed(0),
  ],
  [
    'memory per idle socket, RSS',
    `${(k.memory.rss / 1024).toFixed(1)} KB`,
    `${(r.memory.rss / 1024).toFixed(1)} KB`,
  ],
  [
    'memory per idle socket, V8 heap',
    `${(k.memory.heap / 1024).toFixed(1)} KB`,
    `${(r.memory.heap / 1024).toFixed(1)} KB`,
  ],
];
const header = ['', 'Kaleido (persisted)', 'raw ws relay'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
console.log(
  `\nKaleido / raw: p99 ${(k.atRate.p99 / r.atRate.p99).toFixed(1)}×, ` +
    `sustained ${(k.sustained.perSecond / r.sustained.perSecond).toFixed(3)}×. ` +
    'Targets on PostgreSQL (2,000 sockets, 500 msg/s): p99 ≤ 50 ms, ≥ 2,000 persisted msg/s, ' +
    '≤ 50 KB per idle socket.',
);
