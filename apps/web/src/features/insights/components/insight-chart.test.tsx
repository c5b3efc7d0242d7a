import { render } from '@testing-library/react';
import type { InsightChart as Chart } from '@kaleido/shared/insights/insight-cards.schemas';
import { describe, expect, it } from 'vitest';
import InsightChart from './insight-chart';

const keys = ['joy', 'sadness', 'fear'];
const empty = (x: string) => ({ x, n: 0, values: {} });
const chart: Chart = {
  type: 'stacked',
  keys,
  points: [
    ...Array.from({ length: 7 }, (_, i) => empty(`2026-10-0${i + 1}`)),
    { x: '2026-11-23', n: 12, values: { joy: 6, sadness: 4, fear: 2 } },
  ],
  summary: 'Share of emotion words this week: joy 50%, sadness 33%, fear 17%.',
};

describe('the emotion mix chart', () => {
  it('draws a lone week as a readable bar with its label and a legend, not a sliver at the edge', () => {
    const { container, getByText } = render(<InsightChart chart={chart} />);
    const bars = container.querySelectorAll('[data-testid="stacked-bar"]');
    expect(bars).toHaveLength(1);
    const width = Number(bars[0]?.querySelector('rect')?.getAttribute('width'));
    // The plot is 304 wide: one bar of eight slots was 30; now it is a fifth of the plot.
    expect(width).toBeGreaterThan(50);
    expect(getByText('2026-11-23')).toBeTruthy();
    for (const key of keys) expect(getByText(key)).toBeTruthy();
  });
});
