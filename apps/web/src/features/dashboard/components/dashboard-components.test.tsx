import { render, screen } from '@testing-library/react';
import { Tooltip } from 'radix-ui';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DashboardCards as Cards, MoodDay } from '@kaleido/shared/dashboard/dashboard.schemas';
import { DashboardCards } from './dashboard-cards';
import MoodTrendChart from './mood-trend-chart';

const cards: Cards = {
  recentChats: { count: 2, changeFromYesterday: -1 },
  voiceNotes: { count: 3, unheard: 1 },
  emails: { count: 0, unread: 0 },
  callsToday: { count: 0, totalSeconds: 0 },
  journalEntries: { thisMonth: 4 },
  activityScore: { percent: 43, changeFromLastWeek: 14, activeDays: 3, lastWeekActiveDays: 2 },
};

describe('dashboard cards', () => {
  it('link to their screens and explain the Activity Score to screen readers', () => {
    render(
      <MemoryRouter>
        <Tooltip.Provider>
          <DashboardCards cards={cards} />
        </Tooltip.Provider>
      </MemoryRouter>,
    );
    const score = screen.getByRole('link', { name: 'Activity Score' });
    expect(score.getAttribute('href')).toBe('/app/journal/calendar');
    expect(score.getAttribute('aria-describedby')).toBe('dashboard-card-help-activityScore');
    expect(document.getElementById('dashboard-card-help-activityScore')?.textContent).toMatch(
      /active on 3 of the last 7 days \(2 the week before\)/,
    );
    expect(screen.getByRole('button', { name: 'About Activity Score' })).toBeTruthy();
    expect(screen.getByTestId('detail-recentChats').textContent).toBe('-1 from yesterday');
    expect(screen.getByRole('link', { name: 'Voice Notes' }).getAttribute('href')).toBe(
      '/app/voice-notes/inbox',
    );
  });
});

describe('mood trend chart', () => {
  const days: MoodDay[] = Array.from({ length: 30 }, (_, i) => ({
    date: `2026-04-${String(i + 1).padStart(2, '0')}`,
    entries: i === 29 ? 3 : 0,
    average: i === 29 ? 0.33 : null,
  }));

  it('draws the recorded days and says the same in words and a table', () => {
    const { container } = render(<MoodTrendChart days={days} />);
    expect(container.querySelectorAll('circle')).toHaveLength(1);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('mood-trend-summary').textContent).toMatch(
      /^Moods recorded on 1 of the last 30 days/,
    );
    const rows = screen.getByTestId('mood-trend-table').querySelectorAll('tbody tr');
    expect([...rows].map((r) => r.textContent)).toEqual(['Apr 3030.33']);
  });

  it('says there is nothing yet instead of drawing an empty chart', () => {
    const { container } = render(
      <MoodTrendChart days={days.map((d) => ({ ...d, entries: 0, average: null }))} />,
    );
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByTestId('mood-trend-summary').textContent).toMatch(/^No moods recorded/);
  });
});
