import { localTime, wallClock } from '../../lib/timezone';
import type { DashboardPeriods } from './dashboard.registry';

/** The instant a local day begins (day may overflow either way: Date.UTC rolls it). */
const localMidnight = (year: number, month: number, day: number, timeZone: string): Date =>
  localTime(year, month, day, 0, timeZone);

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of the local day `offsetDays` from the one containing `at`. */
export function localDay(at: Date, timeZone: string, offsetDays = 0): string {
  const { year, month, day } = wallClock(at, timeZone);
  const shifted = new Date(Date.UTC(year, month - 1, day + offsetDays));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** The periods of a dashboard read at `now` in `timeZone` (a zone the runtime knows). */
export function periodsAt(now: Date, timeZone: string): DashboardPeriods {
  const { year, month, day } = wallClock(now, timeZone);
  return {
    now,
    timezone: timeZone,
    today: localDay(now, timeZone),
    dayStart: (offsetDays) => localMidnight(year, month, day + offsetDays, timeZone),
    monthStart: localMidnight(year, month, 1, timeZone),
  };
}
