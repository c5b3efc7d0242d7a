// Prints the gzipped JavaScript the browser must load before each first screen renders:
// `/` (landing), `/login` (auth screen) and the signed-in shell (/app/dashboard).
// Reads Vite's manifest: the entry chunk plus the route module, each with its static imports.
// Target (issue 3): at most 120 KB for `/` and `/login`. Builds the web app if needed.
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
    target: null,
  },
];

let over = 0;
for (const screen of screens) {
  const files = staticClosure(['index.html', ...screen.modules]);
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
    0,
  );
  const kb = bytes / 1024;
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
}
process.exit(over === 0 ? 0 : 1);
