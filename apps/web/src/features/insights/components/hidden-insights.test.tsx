import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisputeList } from '@kaleido/shared/insights/personal-model.schemas';
import { HiddenInsights } from './hidden-insights';

const list: DisputeList = {
  disputes: [
    {
      id: 'd-1',
      insightId: 'weekly_reflection',
      kind: 'weekly_reflection',
      claim: 'Last 7 days: 3 items (journal).',
      reason: 'The office is not what drains me',
      words: ['office'],
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

let requests: { method: string; url: string }[] = [];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url });
      return Promise.resolve(
        method === 'GET'
          ? new Response(JSON.stringify(list), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            })
          : new Response(null, { status: 204 }),
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('hidden insights', () => {
  it('lists what the person hid once opened, and Restore brings one back', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <HiddenInsights count={1} />
      </QueryClientProvider>,
    );
    // Nothing is asked for until the list is opened.
    expect(requests).toEqual([]);
    const details = screen.getByTestId<HTMLDetailsElement>('hidden-insights');
    fireEvent.click(screen.getByText('Hidden insights (1)'));
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await screen.findByText(/Last 7 days: 3 items \(journal\)\./)).toBeTruthy();
    expect(screen.getByText(/You said: The office is not what drains me/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restore Your week' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'DELETE')).toEqual([
        { method: 'DELETE', url: '/api/insights/disputes/d-1' },
      ]),
    );
  });
});
