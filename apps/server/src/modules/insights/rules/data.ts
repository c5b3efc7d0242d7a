// What the insight rules read: a person's days (rollups), and figures of rolling windows.
import type { DayFigures, InsightDay } from './day-figures';
import { Tally } from './days';
import type { InstantRange } from './evidence';
import { DAY_MS, dayOfItem, localDayAt, type InsightContext, type InsightItem } from './shared';

export interface InsightData {
  /** The person's days with items, oldest first, as far back as the cards look. */
  days: InsightDay[];
  /**
   * The items whose age (now − when they happened) is at least `min` (null: no lower bound,
   * so later today and the future count) and under `max`, summed.
   */
  byAge(min: number | null, max: number): DayFigures;
  /** The same window as bounds on instants (for evidence). */
  ageRange(min: number | null, max: number): InstantRange;
}

/**
 * Days from rollups, except the days in `rawDays`, which are summed from `raw` (their items):
 * the first day of the history and the days a rolling window starts or ends on, where only part
 * of a day counts. With every day raw, this is the from-scratch computation (tests, the check).
 */
export function createInsightData(options: {
  now: Date;
  timezone: string;
  rollups: readonly InsightDay[];
  raw: readonly InsightItem[];
  rawDays: ReadonlySet<string>;
  historyFrom: Date | null;
}): InsightData {
  const { now, timezone, rawDays } = options;
  const rawByDay = new Map<string, InsightItem[]>();
  for (const item of [...options.raw].sort(
    (a, b) => a.occurredAt.getTime() - b.occurredAt.getTime(),
  )) {
    const day = dayOfItem(item, timezone);
    if (!rawDays.has(day)) continue;
    if (options.historyFrom && item.occurredAt < options.historyFrom) continue;
    const list = rawByDay.get(day);
    if (list) list.push(item);
    else rawByDay.set(day, [item]);
  }
  const sumItems = (items: readonly InsightItem[]) => {
    const tally = new Tally();
    for (const item of items) tally.addItem(item, timezone);
    return tally.figures();
  };
  const byDay = new Map<string, { figures: DayFigures; raw: InsightItem[] | null }>();
  for (const { day, figures } of options.rollups)
    if (!rawDays.has(day)) byDay.set(day, { figures, raw: null });
  for (const [day, items] of rawByDay) byDay.set(day, { figures: sumItems(items), raw: items });
  const ordered = [...byDay]
    .filter(([, d]) => d.figures.items > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const ageOf = (item: InsightItem) => now.getTime() - item.occurredAt.getTime();

  return {
    days: ordered.map(([day, d]) => ({ day, figures: d.figures })),

    byAge(min, max) {
      const first = localDayAt(new Date(now.getTime() - max), timezone);
      const last = min === null ? null : localDayAt(new Date(now.getTime() - min), timezone);
      const tally = new Tally();
      for (const [day, d] of ordered) {
        if (d.raw) {
          for (const item of d.raw) {
            const age = ageOf(item);
            if ((min === null || age >= min) && age < max) tally.addItem(item, timezone);
          }
          continue;
        }
        if (day === first || day === last)
          throw new Error(`insights: the day ${day} is cut by a window but was not read whole`);
        if (day > first && (last === null || day < last)) tally.addDay(d.figures);
      }
      return tally.figures();
    },

    ageRange(min, max) {
      const range: InstantRange = { gt: new Date(now.getTime() - max) };
      if (min !== null) range.lte = new Date(now.getTime() - min);
      return range;
    },
  };
}

/** How far back the rolling windows of the cards reach (ages, ms): each cuts a day in two. */
export const WINDOW_EDGES_MS = [7, 14, 74].map((days) => days * DAY_MS);

/**
 * The days only part of which a card may count, read from items rather than rollups: those
 * the rolling windows start on, and the first day of the history.
 */
export function cutDays(now: Date, timezone: string, historyFrom: Date | null): Set<string> {
  const days = new Set(
    WINDOW_EDGES_MS.map((age) => localDayAt(new Date(now.getTime() - age), timezone)),
  );
  if (historyFrom) days.add(localDayAt(historyFrom, timezone));
  return days;
}

/** From items alone (every day summed from its items): the rules' reference. */
export function dataFromItems(items: readonly InsightItem[], context: InsightContext) {
  const days = new Set(items.map((i) => dayOfItem(i, context.timezone)));
  return createInsightData({
    now: context.now,
    timezone: context.timezone,
    rollups: [],
    raw: items,
    rawDays: days,
    historyFrom: null,
  });
}
