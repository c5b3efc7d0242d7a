// Prints the gzipped JavaScript the browser must load before each first screen renders:
// `/` (landing), `/login` (auth screen) and the signed-in shell (/app/dashboard).
// Reads Vite's manifest: the entry chunk plus the route module, each with its static imports.
// Targets: at most 120 KB for `/` and `/login` (issue 3), 150 KB for the shell (issue 18).
// What is loaded after the first paint (dynamic imports: overlays, charts) is not counted.
// Prints the five largest files of each screen too: where to look first. Builds if needed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'apps/web/dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const TARGET_KB = 120;

function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the Vite manifest: ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

const screens = [
  { name: '/', modules: ['src/app/routes/landing-route.tsx'], target: TARGET_KB },
  { name: '/login', modules: ['src/app/routes/auth/login-route.tsx'], target: TARGET_KB },
  {
    name: 'shell (/app/dashboard)',
    modules: ['src/app/routes/app/shell-routes.tsx', 'src/app/routes/app/dashboard-route.tsx'],
    target: 150,
  },
];

let over = 0;
for (const screen of screens) {
  const files = staticClosure(['index.html', ...screen.modules]);
  const sizes = files
    .map((file) => ({ file, bytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }))
    .sort((x, y) => y.bytes - x.bytes);
  const kb = sizes.reduce((sum, { bytes }) => sum + bytes, 0) / 1024;
  const verdict =
    screen.target === null
      ? ''
      : kb <= screen.target
        ? `  (target ≤ ${screen.target} KB: ok)`
        : `  (target ≤ ${screen.target} KB: OVER)`;
  if (screen.target !== null && kb > screen.target) over += 1;
  console.log(
    `${screen.name.padEnd(24)} ${kb.toFixed(1).padStart(6)} KB gzipped initial JS in ${files.length} files${verdict}`,
  );
  const largest = sizes
    .slice(0, 5)
    .map(({ file, bytes }) => `${file.replace(/^assets\//, '')} ${(bytes / 1024).toFixed(1)}`);
  console.log(`${''.padEnd(25)}largest: ${largest.join(', ')}`);
}
process.exit(over === 0 ? 0 : 1);
