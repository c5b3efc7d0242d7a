import type { ActivityChannel } from '@kaleido/shared/dashboard/dashboard.constants';
import type {
  DashboardCards,
  MoodDay,
  RecentActivity,
} from '@kaleido/shared/dashboard/dashboard.schemas';

/**
 * The days a dashboard counts in, as instants of the person's timezone. `dayStart(0)` is the
 * start of today, `dayStart(-6)` the start of the first of the last seven days, `dayStart(1)`
 * the end of today.
 */
export interface DashboardPeriods {
  now: Date;
  timezone: string;
  /** Today in the person's timezone, YYYY-MM-DD. */
  today: string;
  dayStart(offsetDays: number): Date;
  /** The first instant of this calendar month. */
  monthStart: Date;
}

/** What one channel adds to the cards; a card nobody contributes shows zeros. */
export type DashboardCardFigures = Partial<DashboardCards>;

/**
 * Where each feature says what it adds to the dashboard, once (like the account data registry):
 *
 *   dashboard.register({ channel: 'email', cards: …, activeDays: …, recent: … });
 *
 * Mail and calls plug in the same way when they land: their cards (`emails`, `callsToday`),
 * the days the person was active there (Activity Score) and their Recent Activity items.
 */
export interface DashboardContributor {
  channel: ActivityChannel;
  /** The cards this channel owns, computed for the person's periods. */
  cards?: (userId: string, periods: DashboardPeriods) => Promise<DashboardCardFigures>;
  /** The local days (YYYY-MM-DD) in [from, to) on which the person did something here. */
  activeDays?: (userId: string, from: Date, to: Date, timezone: string) => Promise<string[]>;
  /** The newest items of this channel, newest first, at most `limit`. */
  recent?: (userId: string, limit: number) => Promise<RecentActivity[]>;
  /** The journal's moods per day since `from` (only days with entries). */
  moods?: (userId: string, from: Date, timezone: string) => Promise<MoodDay[]>;
}

export class DashboardRegistry {
  readonly #contributors: DashboardContributor[] = [];

  register(contributor: DashboardContributor): void {
    if (this.#contributors.some((c) => c.channel === contributor.channel))
      throw new Error(`dashboard channel ${contributor.channel} registered twice`);
    this.#contributors.push(contributor);
  }

  get contributors(): readonly DashboardContributor[] {
    return this.#contributors;
  }
}
