// Timing helpers shared by the benches: a warmed, sequential timed loop and its percentiles.
import { performance } from 'node:perf_hooks';

export interface Percentiles {
  p50: number;
  p95: number;
}

/** p50 and p95 of samples (nearest rank, no interpolation). */
export function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/** How many measured runs per query: RUNS from the environment, else 100. */
export const RUNS = Number(process.env.RUNS ?? 100);

/**
 * Runs `run` a few times to warm caches and plans, then `runs` times one after another, and
 * returns the percentiles of the measured runs in milliseconds.
 */
export async function timed(
  run: () => Promise<unknown>,
  runs = RUNS,
  warmUp = 5,
): Promise<Percentiles> {
  for (let i = 0; i < warmUp; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}
