import { describe, expect, it } from 'vitest';
import type { DashboardCards, MoodDay } from '@kaleido/shared/dashboard/dashboard.schemas';
import { cardViews, duration, moodTrendSummary, signed, timeAgo } from './dashboard-format';

const cards: DashboardCards = {
  recentChats: { count: 12, changeFromYesterday: 2 },
  voiceNotes: { count: 8, unheard: 3 },
  emails: { count: 24, unread: 5 },
  callsToday: { count: 3, totalSeconds: 2 * 3600 + 15 * 60 },
  journalEntries: { thisMonth: 45 },
  activityScore: { percent: 92, changeFromLastWeek: 5, activeDays: 6, lastWeekActiveDays: 6 },
};

describe('dashboard cards', () => {
  it('reads like SPEC §2: titles, figures and details', () => {
    expect(cardViews(cards).map((c) => `${c.title} ${c.value} (${c.detail})`)).toEqual([
      'Recent Chats 12 (+2 from yesterday)',
      'Voice Notes 8 (3 unheard)',
      'Emails 24 (5 unread)',
      'Calls Today 3 (2h 15m total)',
      'Journal Entries 45 (this month)',
      'Activity Score 92% (+5% from last week)',
    ]);
  });

  it('signs changes and shortens durations', () => {
    expect([signed(3), signed(0), signed(-4)]).toEqual(['+3', '0', '-4']);
    expect([duration(0), duration(59 * 60), duration(3600), duration(8100)]).toEqual([
      '0m',
      '59m',
      '1h 0m',
      '2h 15m',
    ]);
  });

  it('says how long ago', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(timeAgo('2026-05-01T11:59:40Z', now)).toBe('just now');
    expect(timeAgo('2026-05-01T11:58:00Z', now)).toBe('2 minutes ago');
    expect(timeAgo('2026-05-01T11:00:00Z', now)).toBe('1 hour ago');
    expect(timeAgo('2026-04-29T12:00:00Z', now)).toBe('2 days ago');
  });
});

describe('mood trend summary', () => {
  const day = (date: string, entries: number, average: number | null): MoodDay => ({
    date,
    entries,
    average,
  });

  it('describes the trend in words (the chart’s text alternative)', () => {
    const days = [
      ...Array.from({ length: 23 }, (_, i) =>
        day(`2026-04-${String(i + 1).padStart(2, '0')}`, 0, null),
      ),
      day('2026-04-24', 2, -1),
      ...Array.from({ length: 5 }, (_, i) => day(`2026-04-${25 + i}`, 0, null)),
      day('2026-04-30', 1, 1),
    ];
    expect(days).toHaveLength(30);
    expect(moodTrendSummary(days)).toBe(
      'Moods recorded on 2 of the last 30 days, a little more hard than good on average (-0.33 on a scale from −1 to 1). The last 7 days: -0.33, the same as the 30-day average.',
    );
    expect(moodTrendSummary(days.map((d) => day(d.date, 0, null)))).toMatch(/^No moods recorded/);
  });
});
