/**
 * Wall-clock arithmetic in a person's timezone, with Intl only (no date library): what their
 * clocks show at an instant, and the instant their clocks show a given local time. Shared by
 * the dashboard's periods, journal reminders and insights; imports nothing from modules.
 */

/** What a zone's clocks show at an instant (month 1–12, hour 0–23). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date and time a zone's clocks show at `at`. */
export function wallClock(at: Date, timeZone: string): WallClock {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at the instant `at` (ms). */
export function offsetMs(at: number, timeZone: string): number {
  const w = wallClock(new Date(at), timeZone);
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wallAsUtc - Math.floor(at / 1000) * 1000;
}

const DAY_MS = 86_400_000;
/** Per zone and UTC day: the offset all day long, or NaN when it changes that day. */
const dayOffsets = new Map<string, number>();

/**
 * offsetMs for many instants: Intl is asked twice per zone and UTC day (cached), and only on the
 * days a zone changes its clocks for each instant itself.
 */
export function cachedOffsetMs(at: number, timeZone: string): number {
  const day = Math.floor(at / DAY_MS);
  const key = `${timeZone}|${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const start = offsetMs(day * DAY_MS, timeZone);
    offset = start === offsetMs((day + 1) * DAY_MS - 1000, timeZone) ? start : Number.NaN;
    if (dayOffsets.size > 100_000) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return Number.isNaN(offset) ? offsetMs(at, timeZone) : offset;
}

/**
 * The instant the zone's clocks show `hour`:00 on a day (the day may overflow either way:
 * Date.UTC rolls it into the next or previous month).
 */
export function localTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  // Twice: the offset at the first guess may differ from the offset at the answer (DST).
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}

/** A profile timezone the runtime does not know counts in UTC rather than failing a read. */
export function usableTimezone(timezone: string | null | undefined): string {
  if (!timezone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return timezone;
  } catch {
    return 'UTC';
  }
}
