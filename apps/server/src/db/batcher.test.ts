import { describe, expect, it } from 'vitest';
import { createBatcher, createBatchLoader } from './batcher';

/** A run that records each batch it is given and answers after `delayMs`. */
function recordingRun(delayMs = 5) {
  const batches: number[][] = [];
  const run = async (inputs: number[]) => {
    batches.push(inputs);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return inputs.map((n) => n * 10);
  };
  return { batches, run };
}

describe('createBatcher', () => {
  it('sends a lone call at once, by itself', async () => {
    const { batches, run } = recordingRun();
    const call = createBatcher({ run });
    expect(await call(1)).toBe(10);
    expect(batches).toEqual([[1]]);
  });

  it('gathers calls made while a batch is out into the next one', async () => {
    const { batches, run } = recordingRun();
    const call = createBatcher({ run, concurrency: 1 });
    const first = call(1);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = [2, 3, 4, 5].map((n) => call(n));
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('keeps batches within maxBatch and in call order', async () => {
    const { batches, run } = recordingRun(1);
    const call = createBatcher({ run, maxBatch: 3, concurrency: 1 });
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => call(n)));
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('fails only the input that fails, not its neighbours', async () => {
    const call = createBatcher({
      run: async (inputs: number[]) => {
        await Promise.resolve();
        if (inputs.includes(13)) throw new Error('unlucky');
        return inputs.map((n) => n + 1);
      },
    });
    const settled = await Promise.allSettled([12, 13, 14].map((n) => call(n)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'rejected'))).toEqual([
      13,
      'rejected',
      15,
    ]);
  });

  it('rejects every input when the run answers the wrong number of results', async () => {
    const call = createBatcher({ run: () => Promise.resolve([] as number[]) });
    await expect(call(1)).rejects.toThrow('batch answered 0 results for 1 inputs');
  });
});

describe('createBatchLoader', () => {
  it('fetches equal keys once and answers undefined for missing ones', async () => {
    const asked: string[][] = [];
    const load = createBatchLoader(async (keys: string[]) => {
      asked.push(keys);
      await Promise.resolve();
      return new Map(keys.filter((k) => k !== 'ghost').map((k) => [k, k.toUpperCase()]));
    });
    const results = await Promise.all(['a', 'b', 'a', 'ghost'].map((k) => load(k)));
    expect(results).toEqual(['A', 'B', 'A', undefined]);
    expect(asked).toEqual([['a', 'b', 'ghost']]);
  });
});
