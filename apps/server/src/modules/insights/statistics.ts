/**
 * The little statistics insights need, written out so each interval can be checked by hand:
 * means with Student-t intervals, Welch's difference of means, Wilson's interval for a share,
 * Cohen's d (Hedges' correction) with its large-sample interval.
 */

const T_95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

/** Two-sided 95% critical value of Student's t for `df` degrees of freedom. */
export function t95(df: number): number {
  if (!Number.isFinite(df) || df < 1) return T_95[0] ?? 12.706;
  // Degrees of freedom that are whole in theory arrive as 12.999999…: they count as 13.
  const whole = Math.floor(df + 1e-9);
  return whole <= 30 ? (T_95[whole - 1] ?? 1.96) : whole <= 60 ? 2.0 : whole <= 120 ? 1.98 : 1.96;
}

export const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

export function variance(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1);
}

export interface Estimate {
  estimate: number;
  low: number;
  high: number;
}

const round = (value: number) => Math.round(value * 1000) / 1000;
const rounded = (e: Estimate): Estimate => ({
  estimate: round(e.estimate),
  low: round(e.low),
  high: round(e.high),
});

/** Mean with its 95% t interval (a single value: the interval is the value itself). */
export const meanInterval = (values: readonly number[]): Estimate =>
  meanIntervalOf(summaryOf(values));

/** meanInterval from the group's summary. */
export function meanIntervalOf(s: Summary): Estimate {
  const m = s.mean;
  if (s.n < 2) return rounded({ estimate: m, low: m, high: m });
  const half = t95(s.n - 1) * Math.sqrt(s.variance / s.n);
  return rounded({ estimate: m, low: m - half, high: m + half });
}

/** What the two-group intervals need of a group: its size, mean and sample variance. */
export interface Summary {
  n: number;
  mean: number;
  variance: number;
}

export const summaryOf = (values: readonly number[]): Summary => ({
  n: values.length,
  mean: mean(values),
  variance: variance(values),
});

/** The summary of k ones among n values that are 0 or 1 (a share), without the values. */
export const shareSummary = (k: number, n: number): Summary => ({
  n,
  mean: n === 0 ? 0 : k / n,
  variance: n < 2 ? 0 : (k * (n - k)) / n / (n - 1),
});

/** a − b with Welch's 95% interval. */
export const differenceInterval = (a: readonly number[], b: readonly number[]): Estimate =>
  welchInterval(summaryOf(a), summaryOf(b));

/** differenceInterval from the groups' summaries. */
export function welchInterval(a: Summary, b: Summary): Estimate {
  const d = a.mean - b.mean;
  const va = a.variance / Math.max(a.n, 1);
  const vb = b.variance / Math.max(b.n, 1);
  const se = Math.sqrt(va + vb);
  if (se === 0) return rounded({ estimate: d, low: d, high: d });
  const df =
    (va + vb) ** 2 /
    ((a.n > 1 ? va ** 2 / (a.n - 1) : 0) + (b.n > 1 ? vb ** 2 / (b.n - 1) : 0) || 1);
  const half = t95(df) * se;
  return rounded({ estimate: d, low: d - half, high: d + half });
}

/** Share k/n with Wilson's 95% interval. */
export function shareInterval(k: number, n: number): Estimate {
  if (n === 0) return { estimate: 0, low: 0, high: 0 };
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return rounded({
    estimate: p,
    low: Math.max(0, centre - half),
    high: Math.min(1, centre + half),
  });
}

/**
 * Standardised difference (Hedges' g) of `a` over `b`, with the usual large-sample 95% interval
 * (Hedges & Olkin 1985): se² = (n1+n2)/(n1·n2) + g²/(2(n1+n2)). `minSd` floors the pooled
 * standard deviation.
 */
export const effectSize = (a: readonly number[], b: readonly number[], minSd = 0): Estimate =>
  hedgesInterval(summaryOf(a), summaryOf(b), minSd);

/** effectSize from the groups' summaries. */
export function hedgesInterval(a: Summary, b: Summary, minSd = 0): Estimate {
  const n1 = a.n;
  const n2 = b.n;
  if (n1 < 2 || n2 < 2) return { estimate: 0, low: 0, high: 0 };
  // A floor keeps identical days from dividing by zero (every day with it 'happy', none without).
  const pooled = Math.max(
    minSd,
    Math.sqrt(((n1 - 1) * a.variance + (n2 - 1) * b.variance) / (n1 + n2 - 2)),
  );
  const raw = pooled === 0 ? 0 : (a.mean - b.mean) / pooled;
  const g = raw * (1 - 3 / (4 * (n1 + n2) - 9));
  const se = Math.sqrt((n1 + n2) / (n1 * n2) + (g * g) / (2 * (n1 + n2)));
  return rounded({ estimate: g, low: g - 1.96 * se, high: g + 1.96 * se });
}
