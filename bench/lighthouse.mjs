// First-paint figures (issue #18 item 4), one run (about two minutes):   node bench/lighthouse.mjs
// Lighthouse 12 (mobile, simulated throttling, Debian Chromium) on `/`, `/login` and the signed-in
// dashboard, each beside the same page with JavaScript disabled in the same run: the floor that
// only the HTML, CSS and fonts allow. Prints the four category scores and LCP, TBT and CLS.
// Targets: performance ≥ 95 and LCP ≤ 2.0 s on `/` and `/login`, ≥ 90 on the dashboard.
// Lighthouse lives in bench/lighthouse/ with its own lockfile (it is large and only this bench
// needs it); the first run installs it there with `npm ci`. A figure, not a test: no assertions.
// LIGHTHOUSE_PAGES=dashboard (comma-separated names) runs only those pages; LIGHTHOUSE_REPORTS=<dir>
// keeps each full JSON report there (LCP element, network waterfall, long tasks) and its trace, to
// look into.
/* global fetch */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBuildStale } from '../scripts/build-freshness.mjs';
import { benchEnv, startProcess, stop } from './lib/processes.mjs';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = 'bench/lighthouse/node_modules/lighthouse/cli/index.js';
const EMAIL = 'lighthouse@example.test';
const PASSWORD = 'Lighthouse-Bench-42!';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  return result;
}

if (!existsSync(LIGHTHOUSE)) run('npm', ['ci', '--prefix', 'bench/lighthouse', '--no-audit']);
if (isBuildStale()) run('npm', ['run', 'build']);

const env = benchEnv();
// The CLI takes the data directory's lock: the account is made before the server starts.
run(
  process.execPath,
  [
    'apps/server/dist/cli.js',
    'user:create',
    `--email=${EMAIL}`,
    `--password=${PASSWORD}`,
    '--name=Lighthouse Bench',
  ],
  { env, stdio: ['ignore', 'ignore', 'inherit'] },
);
const server = await startProcess(['apps/server/dist/main.js'], env, '/readyz');

async function sessionCookie() {
  const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/**
 * One Lighthouse run. `withoutJs` blocks every script request (Lighthouse itself needs scripting
 * on, so Chromium's own switch cannot be used): what is left is the page's HTML and CSS.
 */
function lighthouse(path, { cookie, withoutJs }) {
  const out = mkdtempSync(join(tmpdir(), 'kaleido-lighthouse-'));
  const report = join(out, 'report.json');
  const flags = ['--headless=new', '--no-sandbox', '--disable-gpu'];
  try {
    // Lighthouse exits non-zero when the page paints nothing; its report still says so.
    spawnSync(
      process.execPath,
      [
        LIGHTHOUSE,
        `${server.url}${path}`,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        `--chrome-flags=${flags.join(' ')}`,
        ...(cookie ? [`--extra-headers=${JSON.stringify({ cookie })}`] : []),
        ...(withoutJs ? ['--blocked-url-patterns=*.js'] : []),
        ...(process.env.LIGHTHOUSE_REPORTS ? ['--save-assets'] : []),
      ],
      { stdio: 'inherit', env: { ...process.env, CHROME_PATH: CHROMIUM } },
    );
    if (!existsSync(report)) throw new Error(`Lighthouse wrote no report for ${path}`);
    if (process.env.LIGHTHOUSE_REPORTS) {
      const name = `${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}${withoutJs ? '-nojs' : ''}.json`;
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      copyFileSync(report, join(process.env.LIGHTHOUSE_REPORTS, name));
      // --save-assets writes the page's trace beside the report (tasks, call stacks).
      const trace = join(out, 'report-0.trace.json');
      if (existsSync(trace))
        copyFileSync(
          trace,
          join(process.env.LIGHTHOUSE_REPORTS, name.replace(/\.json$/, '.trace.json')),
        );
    }
    const result = JSON.parse(readFileSync(report, 'utf8'));
    const failure = result.runtimeError?.code;
    const score = (id) => Math.round((result.categories[id]?.score ?? 0) * 100);
    const audit = (id) => result.audits[id]?.numericValue ?? NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: audit('largest-contentful-paint') / 1000,
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      finalPath: new URL(result.finalDisplayedUrl).pathname,
      failure,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const only = process.env.LIGHTHOUSE_PAGES?.split(',');
const pages = [
  { name: '/', path: '/', signedIn: false, target: { performance: 95, lcp: 2.0 } },
  { name: '/login', path: '/login', signedIn: false, target: { performance: 95, lcp: 2.0 } },
  { name: 'dashboard', path: '/app/dashboard', signedIn: true, target: { performance: 90 } },
].filter((page) => !only || only.includes(page.name));
const rows = [];
try {
  for (const page of pages) {
    const cookie = page.signedIn ? await sessionCookie() : undefined;
    for (const withoutJs of [false, true]) {
      const figures = lighthouse(page.path, { cookie, withoutJs });
      rows.push({ page, withoutJs, figures });
    }
  }
} finally {
  await stop(server.child);
  rmSync(env.DATA_DIR, { recursive: true, force: true });
}

console.log(
  `\nKaleido Lighthouse bench · Lighthouse 12 mobile, simulated throttling · ${cpus().length} CPUs · load average ${loadavg()[0].toFixed(1)}\n`,
);
const header = ['page', 'js', 'perf', 'a11y', 'best', 'seo', 'LCP s', 'TBT ms', 'CLS', 'target'];
const table = rows.map(({ page, withoutJs, figures: f }) => {
  const met =
    withoutJs || !page.target
      ? ''
      : f.performance >= page.target.performance &&
          (page.target.lcp === undefined || f.lcp <= page.target.lcp)
        ? 'met'
        : `MISSED (perf ≥ ${page.target.performance}${page.target.lcp ? `, LCP ≤ ${page.target.lcp} s` : ''})`;
  if (f.failure)
    return [page.name, withoutJs ? 'off (floor)' : 'on', f.failure, '', '', '', '', '', '', ''];
  return [
    page.name + (f.finalPath !== page.path ? ` → ${f.finalPath}` : ''),
    withoutJs ? 'off (floor)' : 'on',
    String(f.performance),
    String(f.accessibility),
    String(f.bestPractices),
    String(f.seo),
    f.lcp.toFixed(2),
    f.tbt.toFixed(0),
    f.cls.toFixed(3),
    met,
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
for (const row of [header, ...table])
  console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
