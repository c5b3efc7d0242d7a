import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { migratedDataDir, serverBuild } from './server-build';

/**
 * Real processes for the operator-facing tests: the CLI and the server built as `npm run build`
 * builds them and started as `npm start` starts them (`node dist/main.js`), each with only the
 * environment we give it (server-build.ts says where the build comes from).
 */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Per test and hook: a first start creates a PGlite database (5-12 s idle, several times that
 * when the machine is busy), so these get more than the suite's default 30 s.
 */
export const PROCESS_TIMEOUT = 120_000;

/**
 * An empty data directory: the first start creates the database in it. With `migrated`, one that
 * already holds a migrated embedded database (server-build.ts), for tests whose subject is not
 * the first start.
 */
export function tempDataDir(options: { migrated?: boolean } = {}): string {
  if (options.migrated) return migratedDataDir();
  return mkdtempSync(join(tmpdir(), 'kaleido-process-'));
}

export const lockFileIn = (dataDir: string) => join(dataDir, 'kaleido.lock');

/**
 * Only what node needs plus `env`, so nothing from the test run (DATABASE_URL, ...) leaks in.
 * Development, as `npm start` runs: the tests read links from the local outbox, which production
 * does not have without SMTP (config/env.ts).
 */
function processEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development', ...env };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface CliResult extends Exit {
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  const child = spawn(process.execPath, [serverBuild().cli, ...args], {
    cwd: repoRoot,
    env: processEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collect(child);
  const exit = await exitOf(child);
  return { ...exit, stdout: output.stdout, stderr: output.stderr };
}

/** A port nobody listens on right now: bind port 0, read what the OS gave, let it go. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  pid: number;
  url: string;
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<Exit>;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

/** Spawns the server; with `waitUntilReady`, resolves once /readyz answers 200. */
export async function startServer(
  env: Record<string, string>,
  options: { waitUntilReady?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', serverBuild().main], {
    cwd: repoRoot,
    env: processEnv({ HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collect(child);
  const exited = exitOf(child);
  const server: ServerProcess = {
    pid: child.pid ?? -1,
    url: `http://127.0.0.1:${port}`,
    child,
    output,
    exited,
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      return exited;
    },
  };
  if (options.waitUntilReady === false) return server;
  const state = { ended: false };
  void exited.then(() => (state.ended = true));
  const deadline = Date.now() + PROCESS_TIMEOUT - 10_000;
  while (Date.now() < deadline && !state.ended) {
    try {
      if ((await fetch(`${server.url}/readyz`)).status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  if (!state.ended) child.kill('SIGKILL');
  throw new Error(`server did not become ready:\n${output.stderr}${output.stdout}`);
}

function collect(child: ChildProcess) {
  const output = { stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  return output;
}

function exitOf(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    // 'close' rather than 'exit': every byte of stdout and stderr has been read by then.
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
}
