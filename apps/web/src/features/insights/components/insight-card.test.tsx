import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { InsightCard as Card } from '@kaleido/shared/insights/insight-cards.schemas';
import { InsightCard } from './insight-card';

const card: Card = {
  id: 'valence_trend:week',
  kind: 'valence_trend',
  title: 'How your words feel',
  claim: 'How your words feel is higher this week than in the earlier weeks.',
  status: 'ok',
  tone: 'neutral',
  n: 12,
  nUnit: 'items',
  minimum: 5,
  interval: { estimate: 0.3, low: 0.1, high: 0.5, level: 0.95, unit: 'difference in valence' },
  evidence: { items: [], words: ['calm'] },
  chart: {
    type: 'line',
    unit: 'valence (−1..1)',
    domain: [-1, 1],
    points: [
      { x: '2026-11-09', y: 0.1, n: 5, low: 0, high: 0.2 },
      { x: '2026-11-16', y: 0.4, n: 7, low: 0.3, high: 0.5 },
    ],
    summary: '2 of 2 weeks with data; 2026-11-09: +0.10 (5); 2026-11-16: +0.40 (7)',
  },
  period: 'week',
  generatedAt: '2026-11-20T10:00:00.000Z',
};

const renderCard = (value: Card) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <InsightCard card={value} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('an insight card', () => {
  it('lets the keyboard reach its chart, named by the chart’s sentence', async () => {
    const { container } = renderCard(card);
    const chart = screen.getByRole('figure', { name: card.chart?.summary });
    expect(chart.tabIndex).toBe(0);
    chart.focus();
    expect(document.activeElement).toBe(chart);
    // The drawing loads lazily and is hidden from screen readers: the sentence is its text.
    await waitFor(() => expect(container.querySelector('svg')).toBeTruthy());
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('says when the operator’s language model wrote the reflection', () => {
    const reflection: Card = {
      ...card,
      id: 'weekly_reflection',
      kind: 'weekly_reflection',
      title: 'Your week',
      claim: 'A steady week.',
      chart: null,
      writtenBy: 'language_model',
    };
    renderCard(reflection);
    expect(screen.getByText(/Written by this server’s language model/)).toBeTruthy();
    renderCard({ ...reflection, writtenBy: 'template' });
    expect(screen.getAllByText(/Written by this server’s language model/)).toHaveLength(1);
  });

  it('below its minimum says what it needs, and its basis line counts the same', () => {
    renderCard({
      ...card,
      status: 'not_enough_data',
      claim:
        'Not enough data yet: this needs items on 3 different days, and you have them on 1 day so far.',
      n: 1,
      nUnit: 'days',
      minimum: 3,
      interval: null,
    });
    expect(
      screen.getByText(/^Not enough data yet: this needs items on 3 different days/),
    ).toBeTruthy();
    expect(screen.getByText('1 of 3 days so far.')).toBeTruthy();
    expect(screen.queryByText(/^Based on/)).toBeNull();
  });
});
