// `npm start`: builds the web app and server when the build is missing or older than the sources,
// then runs the server (embedded database unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.js'];
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/server/src',
  'packages/shared/src',
  'package-lock.json',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newest(join(path, name))),
    stat.mtimeMs,
  );
}

const builtAt = Math.min(...outputs.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
if (builtAt === 0 || sources.some((s) => newest(s) > builtAt)) {
  console.log('kaleido: building the web app and server…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
