import { describe, expect, it } from 'vitest';
import { differenceInterval, effectSize, meanInterval, shareInterval, t95 } from './statistics';

describe('statistics', () => {
  it('t critical values', () => {
    expect(t95(1)).toBe(12.706);
    expect(t95(10)).toBe(2.228);
    expect(t95(1000)).toBe(1.96);
  });

  it('mean with a t interval', () => {
    // mean 3, sd 1.5811, n 5: half-width 2.776 * 1.5811 / sqrt(5) = 1.963
    expect(meanInterval([1, 2, 3, 4, 5])).toEqual({ estimate: 3, low: 1.037, high: 4.963 });
    expect(meanInterval([0.4])).toEqual({ estimate: 0.4, low: 0.4, high: 0.4 });
  });

  it('Welch difference', () => {
    const d = differenceInterval([5, 6, 7], [1, 2, 3]);
    expect(d.estimate).toBe(4);
    expect(d.low).toBeGreaterThan(1.5);
    expect(d.high).toBeLessThan(6.5);
  });

  it("Wilson's interval for a share", () => {
    const s = shareInterval(5, 10);
    expect(s.estimate).toBe(0.5);
    expect(s.low).toBeCloseTo(0.237, 2);
    expect(s.high).toBeCloseTo(0.763, 2);
  });

  it("Hedges' g with its interval", () => {
    const g = effectSize([0.6, 0.7, 0.8, 0.5], [0.1, 0.2, 0.0, 0.3]);
    expect(g.estimate).toBeGreaterThan(2);
    expect(g.low).toBeGreaterThan(0);
    expect(effectSize([1], [2])).toEqual({ estimate: 0, low: 0, high: 0 });
  });
});
