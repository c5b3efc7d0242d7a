import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

/**
 * Fixed-window counters in the database, so every server instance on one PostgreSQL shares them.
 * One statement increments atomically and starts a new window when the old one has passed.
 */
interface CounterRow {
  count: number;
  window_start: Date | string;
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;

export function createRateLimitRepository(db: Db) {
  return {
    async increment(
      key: string,
      windowSeconds: number,
      now: Date,
    ): Promise<{ count: number; windowStart: Date }> {
      const windowFloor = new Date(now.getTime() - windowSeconds * 1000);
      const result = await db.execute(sql`
        insert into rate_limits (key, count, window_start) values (${key}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${windowFloor} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${windowFloor} then ${now} else rate_limits.window_start end
        returning count, window_start`);
      const row = rowsOf<CounterRow>(result)[0];
      if (!row) throw new Error('rate limit upsert returned no row');
      return { count: row.count, windowStart: new Date(row.window_start) };
    },

    async peek(key: string): Promise<{ count: number; windowStart: Date } | null> {
      const result = await db.execute(
        sql`select count, window_start from rate_limits where key = ${key}`,
      );
      const row = rowsOf<CounterRow>(result)[0];
      return row ? { count: row.count, windowStart: new Date(row.window_start) } : null;
    },

    /** Takes back one count (an attempt counted up front that turned out fine). */
    async decrement(key: string): Promise<void> {
      await db.execute(
        sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`,
      );
    },

    /** Deletes every counter whose key starts with `prefix` (all sources of one account). */
    async resetStartingWith(prefix: string): Promise<void> {
      await db.execute(sql`delete from rate_limits where left(key, ${prefix.length}) = ${prefix}`);
    },

    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },

    async deleteOlderThan(cutoff: Date): Promise<void> {
      await db.execute(sql`delete from rate_limits where window_start < ${cutoff}`);
    },
  };
}
