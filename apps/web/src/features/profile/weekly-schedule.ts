import type { ProfileValue } from '@kaleido/shared/profile/profile.schemas';

/** The week as the schedule JSON names it (SPEC §3 availability_hours: {"monday": ["09:00-17:00"]}). */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface TimeRange {
  from: string;
  to: string;
}
export type WeeklySchedule = Record<Weekday, TimeRange[]>;

const RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

export const emptyWeek = (): WeeklySchedule =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as WeeklySchedule;

/**
 * The stored JSON as a week the editor can show, or null when it holds something else (other
 * keys, other shapes): then the editor offers the JSON itself rather than dropping what is there.
 */
export function toWeek(value: ProfileValue): WeeklySchedule | null {
  const week = emptyWeek();
  if (value === null) return week;
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  for (const [day, ranges] of Object.entries(value)) {
    if (!(WEEKDAYS as readonly string[]).includes(day) || !Array.isArray(ranges)) return null;
    for (const range of ranges as unknown[]) {
      if (typeof range !== 'string' || !RANGE.test(range)) return null;
      const [from = '', to = ''] = range.split('-');
      week[day as Weekday].push({ from, to });
    }
  }
  return week;
}

/** A range that ends after it starts. */
export const isValidRange = (range: TimeRange) =>
  /^\d{2}:\d{2}$/.test(range.from) && /^\d{2}:\d{2}$/.test(range.to) && range.to > range.from;

/** The week as the stored JSON: days without hours left out, an empty week is no schedule. */
export function fromWeek(week: WeeklySchedule): ProfileValue {
  const entries = WEEKDAYS.filter((day) => week[day].length > 0).map((day) => [
    day,
    week[day].map((r) => `${r.from}-${r.to}`),
  ]);
  return entries.length === 0 ? null : (Object.fromEntries(entries) as ProfileValue);
}
