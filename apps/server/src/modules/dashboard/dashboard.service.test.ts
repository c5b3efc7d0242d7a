import { describe, expect, it } from 'vitest';
import { localDay, periodsAt } from './dashboard-periods';
import { DashboardRegistry } from './dashboard.registry';
import { createDashboardService } from './dashboard.service';

const NOW = new Date('2027-03-17T14:00:00Z');

describe('dashboard periods', () => {
  it('counts days in the person’s timezone, across DST and month starts', () => {
    const ny = periodsAt(NOW, 'America/New_York');
    expect(ny.today).toBe('2027-03-17');
    expect(ny.dayStart(0).toISOString()).toBe('2027-03-17T04:00:00.000Z');
    expect(ny.dayStart(1).toISOString()).toBe('2027-03-18T04:00:00.000Z');
    // DST began on 14 March: a week back, midnight was at 05:00 UTC.
    expect(ny.dayStart(-7).toISOString()).toBe('2027-03-10T05:00:00.000Z');
    expect(ny.monthStart.toISOString()).toBe('2027-03-01T05:00:00.000Z');
    const tokyo = periodsAt(new Date('2027-03-31T16:00:00Z'), 'Asia/Tokyo');
    expect(tokyo.today).toBe('2027-04-01');
    expect(tokyo.monthStart.toISOString()).toBe('2027-03-31T15:00:00.000Z');
    expect(localDay(NOW, 'UTC', -17)).toBe('2027-02-28');
  });
});

describe('dashboard service', () => {
  it('lets a channel that lands later (mail) plug in its card, active days and activity', async () => {
    const registry = new DashboardRegistry();
    registry.register({
      channel: 'journal',
      cards: () => Promise.resolve({ journalEntries: { thisMonth: 2 } }),
      activeDays: () => Promise.resolve(['2027-03-17', '2027-03-05']),
      recent: () =>
        Promise.resolve([
          {
            id: 'journal:1',
            channel: 'journal',
            title: 'Journal entry: A',
            at: '2027-03-17T10:00:00Z',
            link: '/a',
          },
        ]),
    });
    const service = createDashboardService({
      registry,
      timezoneOf: () => Promise.resolve('Not/AZone'),
      now: () => NOW,
    });
    const before = await service.summary('u');
    expect(before.timezone).toBe('UTC');
    expect(before.cards.emails).toEqual({ count: 0, unread: 0 });
    expect(before.cards.activityScore).toEqual({
      percent: 14,
      changeFromLastWeek: 0,
      activeDays: 1,
      lastWeekActiveDays: 1,
    });

    registry.register({
      channel: 'email',
      cards: () => Promise.resolve({ emails: { count: 24, unread: 5 } }),
      // The same day as the journal counts once.
      activeDays: () => Promise.resolve(['2027-03-17', '2027-03-16']),
      recent: () =>
        Promise.resolve([
          {
            id: 'email:1',
            channel: 'email',
            title: 'Email sent',
            at: '2027-03-17T11:00:00Z',
            link: '/b',
          },
        ]),
    });
    expect(() => registry.register({ channel: 'email' })).toThrow(/twice/);
    const after = await service.summary('u');
    expect(after.cards.emails).toEqual({ count: 24, unread: 5 });
    expect(after.cards.journalEntries).toEqual({ thisMonth: 2 });
    expect(after.cards.activityScore).toMatchObject({ percent: 29, changeFromLastWeek: 15 });
    expect(after.recentActivity.map((a) => a.id)).toEqual(['email:1', 'journal:1']);
  });
});
