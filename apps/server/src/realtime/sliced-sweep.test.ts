import { afterEach, describe, expect, it, vi } from 'vitest';
import { slicedSweep } from './sliced-sweep';

afterEach(() => {
  vi.useRealTimers();
});

describe('slicedSweep', () => {
  it('visits every item once per period, a slice at a time', () => {
    vi.useFakeTimers();
    const items = Array.from({ length: 10 }, (_, i) => i);
    let visited: number[] = [];
    const stop = slicedSweep(
      100,
      () => items,
      (item) => visited.push(item),
      4,
    );
    const slices: number[][] = [];
    for (let tick = 0; tick < 8; tick++) {
      vi.advanceTimersByTime(25);
      slices.push(visited);
      visited = [];
    }
    stop();
    expect(slices.slice(0, 4)).toEqual([
      [0, 1],
      [2, 3, 4],
      [5, 6],
      [7, 8, 9],
    ]);
    expect(slices.slice(4).flat()).toEqual(items);
    vi.advanceTimersByTime(100);
    expect(visited).toEqual([]);
  });
});
