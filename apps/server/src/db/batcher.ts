/**
 * Group commit for hot queries: calls that arrive while earlier ones are at the database leave
 * together, as one statement. When the server is quiet a call goes out on the next turn of the
 * event loop, alone, so it waits for nothing; under load one round trip carries dozens of calls,
 * which is what lets a two-core machine persist thousands of chat messages a second.
 */
export interface BatcherOptions<I, O> {
  /** Runs a batch; answers one result per input, in input order. */
  run: (inputs: I[]) => Promise<O[]>;
  /** Most inputs in one batch (statement size and parameter limits). */
  maxBatch?: number;
  /** Batches at the database at once; more overlap round trips, fewer make bigger batches. */
  concurrency?: number;
}

export type Batcher<I, O> = (input: I) => Promise<O>;

interface Waiting<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  const maxBatch = options.maxBatch ?? 200;
  const concurrency = options.concurrency ?? 2;
  let queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  function schedule() {
    if (scheduled || inFlight >= concurrency || queue.length === 0) return;
    scheduled = true;
    // setImmediate, not a microtask: every request parsed in this turn of the loop joins.
    setImmediate(() => {
      scheduled = false;
      while (inFlight < concurrency && queue.length > 0) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        inFlight += 1;
        void settle(batch).finally(() => {
          inFlight -= 1;
          schedule();
        });
      }
    });
  }

  async function settle(batch: Waiting<I, O>[]) {
    try {
      const outputs = await options.run(batch.map((w) => w.input));
      if (outputs.length !== batch.length) {
        throw new Error(`batch answered ${outputs.length} results for ${batch.length} inputs`);
      }
      batch.forEach((w, i) => w.resolve(outputs[i] as O));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // One bad input must not fail its neighbours: each runs again on its own.
      await Promise.all(batch.map((w) => settle([w])));
    }
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      schedule();
    });
}

/**
 * A batcher for lookups by key: equal keys in one batch are fetched once. `load` answers a map;
 * a key missing from it resolves to `undefined`.
 */
export function createBatchLoader<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  options: Omit<BatcherOptions<K, V | undefined>, 'run'> = {},
): Batcher<K, V | undefined> {
  return createBatcher<K, V | undefined>({
    ...options,
    run: async (keys) => {
      const found = await load([...new Set(keys)]);
      return keys.map((key) => found.get(key));
    },
  });
}
