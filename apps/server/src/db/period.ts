import { and, gte, lt, type AnyColumn, type SQL } from 'drizzle-orm';

/** A period [from, to) (a report's); absent, everything. */
export interface Period {
  from: Date;
  to: Date;
}

/** The rows of a period, [from, to); no condition without one. */
export function within(column: AnyColumn, period: Period | undefined): SQL | undefined {
  return period ? and(gte(column, period.from), lt(column, period.to)) : undefined;
}

/** Ids of uuid columns: anything else names no row (and would not cast). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
