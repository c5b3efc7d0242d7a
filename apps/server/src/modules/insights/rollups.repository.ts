import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisDays, analysisItems, analysisRollups } from '../../db/schema/analysis';
import { insightItemColumns, type InsightItemRow } from './analysed-items.repository';
import type { DayFigures, InsightDay } from './rules/day-figures';

/** Serialises the rollup writes of one person (two jobs on the same day, a rebuild). */
const LOCK_KEY = 7_330_001;

/**
 * The SQL of daily rollups: the days, which timezone they are in, and the items behind them
 * (a card's evidence: card-evidence.repository.ts).
 */
export function createRollupsRepository(db: Db) {
  return {
    /** Held until the transaction ends. */
    async lock(userId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY}, hashtext(${userId}))`);
    },

    async timezoneOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ timezone: analysisRollups.timezone })
        .from(analysisRollups)
        .where(eq(analysisRollups.userId, userId));
      return row?.timezone ?? null;
    },

    async setTimezone(userId: string, timezone: string, at: Date) {
      await db
        .insert(analysisRollups)
        .values({ userId, timezone, builtAt: at })
        .onConflictDoUpdate({ target: analysisRollups.userId, set: { timezone, builtAt: at } });
    },

    /**
     * The person's days from `fromDay` on, oldest first; before `mentionsFrom`, without their
     * themes (only the rolling windows of the last 74 days count themes).
     */
    async daysOf(
      userId: string,
      fromDay = '0000-00-00',
      mentionsFrom = '0000-00-00',
    ): Promise<InsightDay[]> {
      const rows = await db
        .select({
          day: analysisDays.day,
          figures: sql<
            Omit<DayFigures, 'mentions'> & Partial<Pick<DayFigures, 'mentions'>>
          >`case when ${analysisDays.day} >= ${mentionsFrom}
            then ${analysisDays.figures} else ${analysisDays.figures} - 'mentions' end`,
        })
        .from(analysisDays)
        .where(and(eq(analysisDays.userId, userId), gte(analysisDays.day, fromDay)))
        .orderBy(asc(analysisDays.day));
      return rows.map((r) => ({
        day: r.day,
        figures: { ...r.figures, mentions: r.figures.mentions ?? [] },
      }));
    },

    /** The items that happened in any of these spans, oldest first (terms left out). */
    async itemsIn(userId: string, spans: { from: Date; to: Date }[]): Promise<InsightItemRow[]> {
      if (spans.length === 0) return [];
      return db
        .select(insightItemColumns)
        .from(analysisItems)
        .where(
          and(
            eq(analysisItems.userId, userId),
            or(
              ...spans.map((s) =>
                and(gte(analysisItems.occurredAt, s.from), lt(analysisItems.occurredAt, s.to)),
              ),
            ),
          ),
        )
        .orderBy(asc(analysisItems.occurredAt));
    },

    /** Writes these days' figures (a day with no items left is removed). */
    async saveDays(userId: string, days: InsightDay[], emptied: string[], at: Date) {
      for (const day of days) {
        const row = rowOf(userId, day, at);
        await db
          .insert(analysisDays)
          .values(row)
          .onConflictDoUpdate({
            target: [analysisDays.userId, analysisDays.day],
            set: { items: row.items, figures: row.figures, words: row.words, updatedAt: at },
          });
      }
      for (const day of emptied)
        await db
          .delete(analysisDays)
          .where(and(eq(analysisDays.userId, userId), eq(analysisDays.day, day)));
    },

    /** A person's days written anew (after deleteAll). */
    async insertDays(userId: string, days: InsightDay[], at: Date) {
      for (let start = 0; start < days.length; start += 100)
        await db
          .insert(analysisDays)
          .values(days.slice(start, start + 100).map((day) => rowOf(userId, day, at)));
    },

    /** Every day and the timezone they were in (a rebuild, or the person's derived data going). */
    async deleteAll(userId: string) {
      await db.delete(analysisDays).where(eq(analysisDays.userId, userId));
      await db.delete(analysisRollups).where(eq(analysisRollups.userId, userId));
    },

    /** Every day of a person (the account export). */
    async everythingOf(userId: string) {
      return db
        .select()
        .from(analysisDays)
        .where(eq(analysisDays.userId, userId))
        .orderBy(asc(analysisDays.day));
    },
  };
}

function rowOf(userId: string, { day, figures }: InsightDay, at: Date) {
  const { words, ...rest } = figures;
  return { userId, day, items: figures.items, figures: rest, words: { ...words }, updatedAt: at };
}

export type RollupsRepository = ReturnType<typeof createRollupsRepository>;
