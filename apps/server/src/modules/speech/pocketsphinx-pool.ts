import { askRecogniser, isAlive, startRecogniser, type Recogniser } from './pocketsphinx-child';
import type { WorkerOptions } from './pocketsphinx-worker-protocol';

/** An idle recogniser (≈ 100 MB of models) is ended after this; the next recording loads anew. */
const IDLE_MS = 10 * 60_000;

export type PoolState =
  | { mode: 'starting' }
  | { mode: 'persistent'; languageModel: { sentences: number; weight: number } | null }
  | { mode: 'unavailable'; reason: string };

/**
 * The long-lived recognisers (decision 036): child processes (pocketsphinx-child.ts →
 * pocketsphinx-worker.ts) that keep PocketSphinx loaded, one per transcription running at once,
 * reused while idle. A recording that takes longer than its time limit kills its child; a child
 * that dies fails only the recording it had (the job is retried) and the next one starts a new
 * child. If the first child reports that the libraries or the FFI module are missing,
 * `recognise` answers null from then on and the engine uses a process per recording instead.
 */
export function createPocketSphinxPool(options: WorkerOptions) {
  let state: PoolState = { mode: 'starting' };
  /** Once one child has loaded, a later one failing to start is a passing fault, not a missing library. */
  let everReady = false;
  const idle: Recogniser[] = [];

  function spawnRecogniser(): Promise<Recogniser> {
    return startRecogniser(options, {
      ready(languageModel) {
        everReady = true;
        state = { mode: 'persistent', languageModel };
      },
      failed(reason, permanent) {
        if (permanent && !everReady) state = { mode: 'unavailable', reason };
      },
    });
  }

  function release(recogniser: Recogniser) {
    if (!isAlive(recogniser)) return;
    recogniser.idleTimer = setTimeout(() => {
      const at = idle.indexOf(recogniser);
      if (at >= 0) idle.splice(at, 1);
      recogniser.child.kill('SIGKILL');
    }, IDLE_MS).unref();
    idle.push(recogniser);
  }

  return {
    state: (): PoolState => state,
    /** The recognised text of a 16 kHz WAV, or null when this machine cannot keep a recogniser. */
    async recognise(wav: string, timeoutMs: number): Promise<string | null> {
      if (state.mode === 'unavailable') return null;
      // An idle child may have died meanwhile (killed from outside, out of memory): skip it.
      let recogniser = idle.pop();
      while (recogniser && !isAlive(recogniser)) {
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
        return await askRecogniser(recogniser, wav, timeoutMs);
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
