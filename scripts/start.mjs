// `npm start`: builds the web app and server when the build is missing or older than the sources,
// then runs the server (embedded database unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { isBuildStale } from './build-freshness.mjs';

if (isBuildStale()) {
  console.log('kaleido: building the web app and server…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
