import { describe, expect, it } from 'vitest';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import { detectAlerts, type AlertPoint, type AlertTuning } from './care-alert-rules';

/** Alert thresholds on fixed data: each tuning against the same series. */
const NOW = new Date('2026-11-24T12:00:00Z');
let n = 0;
function point(
  daysAgo: number,
  valence: number,
  mood: Mood | null = null,
  emotions: AlertPoint['emotions'] = {},
): AlertPoint {
  n++;
  return {
    key: `journal:${n}`,
    source: 'journal',
    occurredAt: new Date(NOW.getTime() - daysAgo * 86_400_000),
    valence,
    mood,
    emotions,
  };
}
const baseline = (count: number, valence: number, mood: Mood | null = 'happy') =>
  Array.from({ length: count }, (_, i) => point(10 + i, valence, mood));
const tuning = (
  sensitivity: AlertTuning['sensitivity'],
  threshold: AlertTuning['threshold'] = 'standard',
): AlertTuning => ({ sensitivity, threshold });
const kinds = (points: AlertPoint[], t: AlertTuning) =>
  detectAlerts(points, t, NOW)
    .map((c) => c.kind)
    .sort();

describe('care alert rules', () => {
  it('raises a valence drop by sensitivity: 0.5 is enough for high and medium, not low', () => {
    const series = [...baseline(5, 0.3, null), point(1, -0.2), point(2, -0.2)];
    expect(kinds(series, tuning('high'))).toEqual(['valence_drop']);
    expect(kinds(series, tuning('medium'))).toEqual(['valence_drop']);
    expect(kinds(series, tuning('low'))).toEqual([]);
    const small = [...baseline(5, 0.3, null), point(1, 0), point(2, 0)];
    expect(kinds(small, tuning('high'))).toEqual(['valence_drop']);
    expect(kinds(small, tuning('medium'))).toEqual([]);
  });

  it('needs more evidence the more conservative the threshold', () => {
    const oneRecent = [...baseline(3, 0.6, null), point(1, -0.6)];
    expect(kinds(oneRecent, tuning('medium', 'aggressive'))).toEqual(['valence_drop']);
    expect(kinds(oneRecent, tuning('medium', 'standard'))).toEqual([]);
    const twoRecent = [...oneRecent, point(2, -0.6)];
    expect(kinds(twoRecent, tuning('medium', 'standard'))).toEqual(['valence_drop']);
    expect(kinds(twoRecent, tuning('medium', 'conservative'))).toEqual([]);
    const conservative = [
      ...baseline(5, 0.6, null),
      point(1, -0.6),
      point(2, -0.6),
      point(3, -0.6),
    ];
    expect(kinds(conservative, tuning('medium', 'conservative'))).toEqual(['valence_drop']);
  });

  it('raises a mood drop from recorded moods, and reports the figures and the items', () => {
    const series = [...baseline(4, 0.1, 'happy'), point(1, 0.1, 'sad'), point(2, 0.1, 'neutral')];
    const [alert] = detectAlerts(series, tuning('medium'), NOW);
    expect(alert).toMatchObject({
      kind: 'mood_drop',
      values: { baselineMean: 1, recentMean: -0.5, change: -1.5, recentCount: 2, baselineCount: 4 },
    });
    expect(alert?.evidence.map((e) => e.mood)).toEqual(['sad', 'neutral']);
    expect(alert?.signature).toBe(`mood_drop:${series[4]?.key}`);
    // Old items (beyond 35 days) and no baseline at all: nothing.
    expect(
      kinds([point(40, 1, 'happy'), point(1, -1, 'sad'), point(2, -1, 'sad')], tuning('high')),
    ).toEqual([]);
  });

  it('raises an emotional spike against the person’s own usual share of that emotion', () => {
    const sad = { sadness: 0.7 };
    const spike = [...baseline(3, 0.2, null), point(1, -0.5, null, sad)];
    expect(kinds(spike, tuning('medium'))).toEqual(['emotional_spike']);
    expect(kinds(spike, tuning('low'))).toEqual([]);
    // Someone often sad: the same item is no spike for them.
    const usual = [
      ...Array.from({ length: 3 }, (_, i) => point(10 + i, -0.5, null, { sadness: 0.5 })),
      point(1, -0.5, null, sad),
    ];
    expect(kinds(usual, tuning('medium'))).toEqual([]);
    // A sad word in a positive text is not a spike.
    expect(kinds([point(1, 0.4, null, { sadness: 1 })], tuning('high', 'aggressive'))).toEqual([]);
    // Conservative needs two spiking items.
    expect(kinds(spike, tuning('medium', 'conservative'))).toEqual([]);
    const two = [...spike, point(2, -0.6, null, { fear: 0.8 })];
    const [alert] = detectAlerts(two, tuning('medium', 'conservative'), NOW);
    expect(alert?.kind).toBe('emotional_spike');
    expect(alert?.evidence.map((e) => e.emotion)).toEqual(['sadness', 'fear']);
  });

  it('raises nothing on a steady series', () => {
    const steady = [
      ...baseline(10, 0.2, 'neutral'),
      point(1, 0.1, 'neutral'),
      point(2, 0.3, 'happy'),
    ];
    for (const sensitivity of ['low', 'medium', 'high'] as const)
      for (const threshold of ['conservative', 'standard', 'aggressive'] as const)
        expect(kinds(steady, { sensitivity, threshold })).toEqual([]);
  });
});
