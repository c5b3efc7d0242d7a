import type { DashboardPeriods } from './dashboard.registry';

/** The calendar date a zone's clocks show at `at`. */
function wallDate(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** How far the zone's wall clock is ahead of UTC at the instant `at` (ms). */
function offsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a local day begins (day may overflow either way: Date.UTC rolls it). */
export function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  // Twice: the offset at the first guess may differ from the offset at the answer (DST).
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of the local day `offsetDays` from the one containing `at`. */
export function localDay(at: Date, timeZone: string, offsetDays = 0): string {
  const { year, month, day } = wallDate(at, timeZone);
  const shifted = new Date(Date.UTC(year, month - 1, day + offsetDays));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** The periods of a dashboard read at `now` in `timeZone` (a zone the runtime knows). */
export function periodsAt(now: Date, timeZone: string): DashboardPeriods {
  const { year, month, day } = wallDate(now, timeZone);
  return {
    now,
    timezone: timeZone,
    today: localDay(now, timeZone),
    dayStart: (offsetDays) => localMidnight(year, month, day + offsetDays, timeZone),
    monthStart: localMidnight(year, month, 1, timeZone),
  };
}

/** A profile timezone the runtime does not know counts in UTC rather than failing the read. */
export function knownTimezone(timezone: string | null | undefined): string {
  if (!timezone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return timezone;
  } catch {
    return 'UTC';
  }
}
