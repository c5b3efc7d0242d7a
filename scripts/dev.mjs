// `npm run dev`: the server from source, restarted on change (tsx watch, port 3000), and the
// Vite dev server with hot reload (port 5173) proxying /api and the WebSocket to it.
// Open http://localhost:5173. Mail links point there too (PUBLIC_URL).
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env },
  }),
  // Started from node_modules/.bin's target, not `npx`: killing npx leaves vite running.
  spawn(process.execPath, ['../../node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    cwd: 'apps/web',
  }),
];

function stop(signal) {
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', () => stop('SIGTERM'));
