import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkerOptions, WorkerReply, WorkerRequest } from './pocketsphinx-worker-protocol';

/** Loading the models and building the journaling model takes about a second; this is generous. */
const START_TIMEOUT_MS = 60_000;
/** An idle recogniser (≈ 100 MB of models) is ended after this; the next recording loads anew. */
const IDLE_MS = 10 * 60_000;

export type PoolState =
  | { mode: 'starting' }
  | { mode: 'persistent'; languageModel: { sentences: number; weight: number } | null }
  | { mode: 'unavailable'; reason: string };

interface Recogniser {
  child: ChildProcess;
  idleTimer?: NodeJS.Timeout;
}

/**
 * The long-lived recognisers (decision 036): child processes (pocketsphinx-worker.ts) that keep
 * PocketSphinx loaded, one per transcription running at once, reused while idle. A recording
 * that takes longer than its time limit kills its child; a child that dies fails only the
 * recording it had (the job is retried) and the next one starts a new child. If the first child
 * reports that the libraries or the FFI module are missing, `recognise` answers null from then on
 * and the engine uses a process per recording instead.
 */
export function createPocketSphinxPool(options: WorkerOptions) {
  let state: PoolState = { mode: 'starting' };
  /** Once one child has loaded, a later one failing to start is a passing fault, not a missing library. */
  let everReady = false;
  const idle: Recogniser[] = [];
  let nextId = 1;

  const here = fileURLToPath(import.meta.url);
  // From source (tsx, vitest) the worker is TypeScript beside this file; built, it is
  // dist/pocketsphinx-worker.js beside the bundle (build.mjs).
  const fromSource = here.endsWith('.ts');
  const workerPath = fileURLToPath(
    new URL(`./pocketsphinx-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url),
  );
  const execArgv = fromSource
    ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
    : [];

  function spawnRecogniser(): Promise<Recogniser> {
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
        if (permanent && !everReady) state = { mode: 'unavailable', reason };
        reject(new Error(`The recogniser did not start: ${reason}`));
      };
      const timer = setTimeout(() => fail('timed out loading', false), START_TIMEOUT_MS);
      child.once('message', (message: WorkerReply) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          ready = true;
          everReady = true;
          state = { mode: 'persistent', languageModel: message.languageModel };
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

  function alive({ child }: Recogniser) {
    return child.exitCode === null && child.signalCode === null && child.connected;
  }

  function release(recogniser: Recogniser) {
    if (!alive(recogniser)) return;
    recogniser.idleTimer = setTimeout(() => {
      const at = idle.indexOf(recogniser);
      if (at >= 0) idle.splice(at, 1);
      recogniser.child.kill('SIGKILL');
    }, IDLE_MS).unref();
    idle.push(recogniser);
  }

  function ask(recogniser: Recogniser, wav: string, timeoutMs: number): Promise<string> {
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

  return {
    state: (): PoolState => state,
    /** The recognised text of a 16 kHz WAV, or null when this machine cannot keep a recogniser. */
    async recognise(wav: string, timeoutMs: number): Promise<string | null> {
      if (state.mode === 'unavailable') return null;
      // An idle child may have died meanwhile (killed from outside, out of memory): skip it.
      let recogniser = idle.pop();
      while (recogniser && !alive(recogniser)) {
        clearTimeout(recogniser.idleTimer);
        recogniser = idle.pop();
      }
      if (recogniser) clearTimeout(recogniser.idleTimer);
      else {
        try {
          recogniser = await spawnRecogniser();
        } catch (error) {
          // (state as PoolState): spawnRecogniser may have changed it while we waited.
          if ((state as PoolState).mode === 'unavailable') return null;
          throw error;
        }
      }
      try {
        return await ask(recogniser, wav, timeoutMs);
      } finally {
        release(recogniser);
      }
    },
    /** Ends every idle recogniser (the busy ones end when their recording does or times out). */
    close() {
      for (const recogniser of idle.splice(0)) {
        clearTimeout(recogniser.idleTimer);
        recogniser.child.kill('SIGKILL');
      }
    },
  };
}

export type PocketSphinxPool = ReturnType<typeof createPocketSphinxPool>;
