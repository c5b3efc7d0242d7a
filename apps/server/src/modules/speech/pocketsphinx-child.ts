import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkerOptions, WorkerReply, WorkerRequest } from './pocketsphinx-worker-protocol';

/** Loading the models and building the journaling model takes about a second; this is generous. */
const START_TIMEOUT_MS = 60_000;

/** One recogniser child (pocketsphinx-worker.ts) with PocketSphinx loaded. */
export interface Recogniser {
  child: ChildProcess;
  idleTimer?: NodeJS.Timeout;
}

// From source (tsx, vitest) the worker is TypeScript beside this file; built, it is
// dist/pocketsphinx-worker.js beside the bundle (build.mjs).
const fromSource = fileURLToPath(import.meta.url).endsWith('.ts');
const workerPath = fileURLToPath(
  new URL(`./pocketsphinx-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url),
);
const execArgv = fromSource
  ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
  : [];

/**
 * Forks a recogniser and resolves once it has loaded its models. `ready` hears what it loaded;
 * `failed` hears why it did not start, `permanent` when the child itself reported or showed
 * that it cannot load (libraries or the FFI module missing) rather than being slow.
 */
export function startRecogniser(
  options: WorkerOptions,
  hooks: {
    ready(languageModel: { sentences: number; weight: number } | null): void;
    failed(reason: string, permanent: boolean): void;
  },
): Promise<Recogniser> {
  return new Promise((resolve, reject) => {
    const child = fork(workerPath, [], {
      execArgv,
      env: { ...process.env, KALEIDO_POCKETSPHINX: JSON.stringify(options) },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    // A failed send is reported through its callback; without a listener it would throw.
    child.on('error', () => undefined);
    const stderr: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr.push(chunk.toString('utf8'));
      if (stderr.length > 20) stderr.shift();
    });
    let ready = false;
    const fail = (reason: string, permanent: boolean) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      hooks.failed(reason, permanent);
      reject(new Error(`The recogniser did not start: ${reason}`));
    };
    const timer = setTimeout(() => fail('timed out loading', false), START_TIMEOUT_MS);
    child.once('message', (message: WorkerReply) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        ready = true;
        hooks.ready(message.languageModel);
        // Neither the child nor its pipes keep the server running.
        child.unref();
        child.channel?.unref();
        (child.stderr as (NodeJS.ReadableStream & { unref?: () => void }) | null)?.unref?.();
        resolve({ child });
      } else if (message.type === 'unavailable' || message.type === 'failed') {
        fail(message.reason, true);
      }
    });
    child.once('exit', (code, signal) => {
      // Before `ready`: the child could not load at all (e.g. koffi not installed).
      if (!ready)
        fail(`exited with ${code ?? signal ?? '?'}: ${stderr.join('').slice(-300)}`, true);
    });
  });
}

export function isAlive({ child }: Recogniser) {
  return child.exitCode === null && child.signalCode === null && child.connected;
}

let nextId = 1;

/** The text of one WAV file; a recogniser that takes longer than `timeoutMs` is killed. */
export function askRecogniser(
  recogniser: Recogniser,
  wav: string,
  timeoutMs: number,
): Promise<string> {
  const { child } = recogniser;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    child.ref();
    child.channel?.ref();
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.unref();
      child.channel?.unref();
    };
    const timer = setTimeout(() => {
      done();
      child.kill('SIGKILL');
      reject(new Error(`PocketSphinx timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: WorkerReply) => {
      if (message.type === 'text' && message.id === id) {
        done();
        resolve(message.text);
      } else if (message.type === 'error' && message.id === id) {
        done();
        reject(new Error(`PocketSphinx: ${message.error}`));
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      done();
      reject(new Error(`The recogniser stopped (${signal ?? code ?? '?'}) while transcribing`));
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.send({ id, wav } satisfies WorkerRequest, (error) => {
      if (!error) return;
      done();
      reject(new Error(`The recogniser could not be reached: ${error.message}`));
    });
  });
}
