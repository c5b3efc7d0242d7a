// Starting and stopping the processes a benchmark measures (servers from source, baselines).
/* global fetch */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The environment a benchmarked server runs with: production mode on loopback, a fresh temp
 * DATA_DIR (embedded database) unless DATABASE_URL points at PostgreSQL, rate limits raised so
 * that they do not cut the measurement short.
 */
export function benchEnv(extra = {}) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // As `npm start` runs: the benches read links from the local outbox (none in production).
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kaleido-bench-')),
    RATE_LIMIT_FACTOR: '1000000',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...extra,
  };
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Spawns `node …args` on a free port and waits until `readyPath` answers 2xx (≤ 2 minutes). */
export async function startProcess(args, env, readyPath) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${child.exitCode}`);
    try {
      if ((await fetch(url + readyPath)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${args.join(' ')} did not start`);
}

export async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
