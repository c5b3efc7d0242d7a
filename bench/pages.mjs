// How fast the main pages feel (issue 25 item 8), one run, ~3-5 minutes:   node bench/pages.mjs
//   --runs=7       loads of each page in each mode
// The built server (`npm run build` first, done here when the build is stale) on a fresh embedded
// database in a temp DATA_DIR (set DATABASE_URL for PostgreSQL), one person with a small history:
// 60 journal entries. For each main page, Debian Chromium (playwright-core)
// navigates and the clock stops when the page shows its real content: its heading, and the thing
// that comes from the server (an entry's title, the empty state of a box that is empty, the
// settings' tab panel, the person's name in its field), with no spinner left in the page. Each page is loaded
//   - warm: again in the same browser context, as a person returning to it (HTTP cache in place);
//   - cold: in a new context (empty cache), as a first visit after signing in.
// Beside them, in the same run and the same way, a static file the same server sends
// (`/favicon.svg`): the floor that loopback, the server's static handler and Chromium allow.
// Then the time to save a journal entry: 60 POST /api/journal/entries from the page, as the form
// sends them, measured in the page.
// Targets (issue 25): p95 ≤ 1.0 s from navigation to content, warm, on every page; entry save
// p95 ≤ 150 ms, on the embedded database. Three runs make a figure (the machine is shared).
// A figure, not a test: no assertions (the verdict is printed).
/* global document, fetch, performance */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { isBuildStale } from '../scripts/build-freshness.mjs';
import { benchEnv, startProcess, stop } from './lib/processes.mjs';

const flags = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, Number(value)];
  }),
);
const RUNS = flags.runs ?? 7;
const SAVES = 60;
const TARGET_CONTENT_MS = 1000;
const TARGET_SAVE_MS = 150;
const EMAIL = 'pages-bench@example.test';
const PASSWORD = 'Pages-Bench-42!';
const NAME = 'Pages Bench Person';
const ENTRIES = 60;
const NEWEST_TITLE = `Bench entry ${ENTRIES}`;

/**
 * The main pages and what each shows once its data is in. `content` runs in the page and answers
 * true when the page is ready for the person; the heading is checked for all.
 */
const PAGES = [
  { name: 'dashboard', path: '/app/dashboard', heading: 'Dashboard', text: NEWEST_TITLE },
  { name: 'journal', path: '/app/journal', heading: 'Journal', text: NEWEST_TITLE },
  { name: 'chat', path: '/app/chat', heading: 'Chat', text: 'No conversations yet' },
  {
    name: 'voice notes',
    path: '/app/voice-notes',
    heading: 'Voice Notes',
    text: 'No voice notes yet',
  },
  { name: 'email', path: '/app/email', heading: 'Email', text: 'No emails yet' },
  { name: 'calls', path: '/app/calls', heading: 'Calls', text: 'No calls yet' },
  { name: 'settings', path: '/app/settings', heading: 'Settings', role: 'tabpanel' },
  { name: 'profile', path: '/app/profile', heading: 'Personal Information', value: NAME },
];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

if (isBuildStale()) run('npm', ['run', 'build']);
const env = benchEnv({ LOG_LEVEL: 'warn' });
// The CLI takes the data directory's lock: the account is made before the server starts.
run(
  process.execPath,
  [
    'apps/server/dist/cli.js',
    'user:create',
    `--email=${EMAIL}`,
    `--password=${PASSWORD}`,
    `--name=${NAME}`,
  ],
  { env, stdio: ['ignore', 'ignore', 'inherit'] },
);
const server = await startProcess(['apps/server/dist/main.js'], env, '/readyz');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});

/** Runs in the page: a JSON request as the app sends it (session cookie, anti-forgery token). */
async function apiInPage(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = await (await fetch('/api/session')).json();
      const started = performance.now();
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        ms: performance.now() - started,
        text: await response.text(),
      };
    },
    { method, path, body },
  );
}

/** Stops the clock when the page shows its heading and its data, with no spinner left. */
async function waitForContent(page, spec) {
  await page.waitForFunction(
    ({ heading, text, role, value }) => {
      const main = document.querySelector('main');
      if (!main) return false;
      const h1 = [...main.querySelectorAll('h1')].some((h) => h.textContent?.trim() === heading);
      if (!h1) return false;
      if (main.querySelector('[role="status"] .animate-spin')) return false;
      if (role) return main.querySelector(`[role="${role}"]`) !== null;
      if (value) return [...main.querySelectorAll('input')].some((input) => input.value === value);
      return (main.textContent ?? '').includes(text);
    },
    spec,
    { timeout: 30_000, polling: 'raf' },
  );
}

async function timeLoad(page, spec) {
  const started = Date.now();
  await page.goto(server.url + spec.path, { waitUntil: 'commit' });
  if (spec.static) await page.waitForLoadState('load');
  else
    await waitForContent(page, spec).catch(async (error) => {
      const main = await page
        .locator('main')
        .innerText()
        .catch(() => '(no main)');
      throw new Error(`${spec.name}: no content in 30 s; main shows: ${main.slice(0, 300)}`, {
        cause: error,
      });
    });
  return Date.now() - started;
}

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? NaN };
}

try {
  // Sign in once; the cold loads start from this session in a context with an empty cache.
  const signedIn = await browser.newContext({ baseURL: server.url });
  const page = await signedIn.newPage();
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: EMAIL, password: PASSWORD },
  });
  if (signIn.status() !== 200) throw new Error(`sign-in ${signIn.status()}`);
  await page.goto('/app/dashboard');
  // Sixty entries, oldest first, so the newest is the one every page shows first.
  for (let i = 1; i <= ENTRIES; i++) {
    const saved = await apiInPage(page, 'POST', '/api/journal/entries', {
      title: `Bench entry ${i}`,
      content: `Day ${i}: a walk by the river, then work; tired but calmer than last week.`,
      mood: ['happy', 'neutral', 'sad', 'excited', 'angry'][i % 5],
    });
    if (saved.status !== 201) throw new Error(`seeding entry ${i}: ${saved.status} ${saved.text}`);
  }
  const session = await signedIn.storageState();

  const figures = [];
  const staticFile = { name: 'static file (floor)', path: '/favicon.svg', static: true };
  for (const spec of [staticFile, ...PAGES]) {
    const warm = [];
    const cold = [];
    await timeLoad(page, spec); // the first load fills the cache for the warm runs
    for (let i = 0; i < RUNS; i++) {
      warm.push(await timeLoad(page, spec));
      const fresh = await browser.newContext({ baseURL: server.url, storageState: session });
      cold.push(await timeLoad(await fresh.newPage(), spec));
      await fresh.close();
    }
    figures.push({ name: spec.name, warm: percentiles(warm), cold: percentiles(cold) });
  }

  await page.goto('/app/journal');
  const saves = [];
  for (let i = 0; i < SAVES; i++) {
    const saved = await apiInPage(page, 'POST', '/api/journal/entries', {
      title: `Saved ${i}`,
      content: 'A short entry, as most are: two sentences of the day. Then a third.',
      mood: 'neutral',
    });
    if (saved.status !== 201) throw new Error(`save ${i}: ${saved.status} ${saved.text}`);
    saves.push(saved.ms);
  }

  const floor = figures[0];
  const ms = (v) => `${Math.round(v)} ms`.padStart(8);
  console.log(
    `\npages (${RUNS} loads each; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}, ` +
      `${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`,
  );
  console.log(`${'page'.padEnd(22)}   warm p50 warm p95  cold p50 cold p95  warm p95 / floor`);
  for (const f of figures)
    console.log(
      `${f.name.padEnd(22)} ${ms(f.warm.p50)} ${ms(f.warm.p95)}  ${ms(f.cold.p50)} ${ms(f.cold.p95)}` +
        `  ${(f.warm.p95 / floor.warm.p95).toFixed(1)}x`,
    );
  const save = percentiles(saves);
  console.log(`\njournal entry save (${SAVES}): p50 ${ms(save.p50)}, p95 ${ms(save.p95)}`);
  const slow = figures.slice(1).filter((f) => f.warm.p95 > TARGET_CONTENT_MS);
  console.log(
    `\ntarget p95 to content ≤ ${TARGET_CONTENT_MS} ms (warm): ` +
      (slow.length ? `missed on ${slow.map((f) => f.name).join(', ')}` : 'met on every page'),
  );
  console.log(
    `target entry save p95 ≤ ${TARGET_SAVE_MS} ms: ${save.p95 <= TARGET_SAVE_MS ? 'met' : 'missed'}`,
  );
} finally {
  await browser.close();
  await stop(server.child);
}
