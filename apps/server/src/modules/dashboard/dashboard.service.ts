import {
  ACTIVITY_SCORE_DAYS,
  MOOD_TREND_DAYS,
  RECENT_ACTIVITY_LIMIT,
} from '@kaleido/shared/dashboard/dashboard.constants';
import type {
  DashboardCards,
  DashboardSummary,
  MoodDay,
  RecentActivity,
} from '@kaleido/shared/dashboard/dashboard.schemas';
import { usableTimezone } from '../../lib/timezone';
import { localDay, periodsAt } from './dashboard-periods';
import type { DashboardCardFigures, DashboardRegistry } from './dashboard.registry';

export type DashboardService = ReturnType<typeof createDashboardService>;

/** Every card at zero: what a channel that is not there (yet) shows. */
const emptyCards = (): DashboardCards => ({
  recentChats: { count: 0, changeFromYesterday: 0 },
  voiceNotes: { count: 0, unheard: 0 },
  emails: { count: 0, unread: 0 },
  callsToday: { count: 0, totalSeconds: 0 },
  journalEntries: { thisMonth: 0 },
  activityScore: { percent: 0, changeFromLastWeek: 0, activeDays: 0, lastWeekActiveDays: 0 },
});

const percentOf = (days: number) => Math.round((days / ACTIVITY_SCORE_DAYS) * 100);

/**
 * The dashboard of SPEC §2 with real figures: each channel contributes its cards, active days
 * and recent items through the registry; the service counts in the person's timezone, works
 * out the Activity Score across channels and merges Recent Activity newest first.
 */
export function createDashboardService(deps: {
  registry: DashboardRegistry;
  timezoneOf: (userId: string) => Promise<string | null | undefined>;
  now: () => Date;
}) {
  const { registry } = deps;

  return {
    async summary(userId: string): Promise<DashboardSummary> {
      const timezone = usableTimezone(await deps.timezoneOf(userId));
      const periods = periodsAt(deps.now(), timezone);
      const contributors = registry.contributors;
      const lastWeekFrom = periods.dayStart(1 - 2 * ACTIVITY_SCORE_DAYS);
      const tomorrow = periods.dayStart(1);
      const moodFrom = periods.dayStart(1 - MOOD_TREND_DAYS);

      const none = <T>(value: T) => Promise.resolve(value);
      const [figures, activeDays, recent, moods] = await Promise.all([
        Promise.all(
          contributors.map((c) =>
            c.cards ? c.cards(userId, periods) : none<DashboardCardFigures>({}),
          ),
        ),
        Promise.all(
          contributors.map((c) =>
            c.activeDays
              ? c.activeDays(userId, lastWeekFrom, tomorrow, timezone)
              : none<string[]>([]),
          ),
        ),
        Promise.all(
          contributors.map((c) =>
            c.recent ? c.recent(userId, RECENT_ACTIVITY_LIMIT) : none<RecentActivity[]>([]),
          ),
        ),
        Promise.all(
          contributors.map((c) =>
            c.moods ? c.moods(userId, moodFrom, timezone) : none<MoodDay[]>([]),
          ),
        ),
      ]);

      const cards: DashboardCards = {
        ...emptyCards(),
        ...(Object.assign({}, ...figures) as DashboardCardFigures),
      };

      // A day counts once however many channels were used on it.
      const days = new Set(activeDays.flat());
      const firstOfWeek = localDay(periods.now, timezone, 1 - ACTIVITY_SCORE_DAYS);
      const thisWeek = [...days].filter((d) => d >= firstOfWeek && d <= periods.today).length;
      const lastWeek = [...days].filter((d) => d < firstOfWeek).length;
      cards.activityScore = {
        percent: percentOf(thisWeek),
        changeFromLastWeek: percentOf(thisWeek) - percentOf(lastWeek),
        activeDays: thisWeek,
        lastWeekActiveDays: lastWeek,
      };

      const recentActivity = recent
        .flat()
        .sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.id.localeCompare(a.id))
        .slice(0, RECENT_ACTIVITY_LIMIT);

      const byDay = new Map<string, MoodDay>();
      for (const day of moods.flat()) byDay.set(day.date, day);
      const moodTrend = Array.from({ length: MOOD_TREND_DAYS }, (_, i) => {
        const date = localDay(periods.now, timezone, i + 1 - MOOD_TREND_DAYS);
        return byDay.get(date) ?? { date, entries: 0, average: null };
      });

      return { timezone, today: periods.today, cards, recentActivity, moodTrend };
    },
  };
}
