import type { Db } from '../../db/client';
import {
  createAnalysedItemsRepository,
  type AnalysedItemsRepository,
  type InsightItemRow,
} from './analysed-items.repository';
import { createRollupsRepository } from './rollups.repository';
import { daysFromItems } from './rules/days';
import { DAY_MS, dayOfItem, localDayAt, type InsightItem } from './rules/shared';

/** Every zone's local day lies within its UTC date, widened by this much each way (−12..+14 h). */
const ZONE_MARGIN_MS = 15 * 3_600_000;

export const toInsightItem = (row: InsightItemRow): InsightItem => ({
  sourceKind: row.sourceKind,
  sourceId: row.sourceId,
  occurredAt: row.occurredAt,
  mood: row.mood,
  estimatedMood: row.estimatedMood,
  valence: row.valence,
  result: row.result,
  title: row.title,
  snippet: row.snippet,
  href: row.href,
  tags: row.tags,
});

/** The instants a local day can hold, in any zone (the items read are then sorted by day). */
export function spanOfDay(day: string): { from: Date; to: Date } {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  return {
    from: new Date(midnight - ZONE_MARGIN_MS),
    to: new Date(midnight + DAY_MS + ZONE_MARGIN_MS),
  };
}

export type DailyRollups = ReturnType<typeof createDailyRollups>;

/**
 * Daily rollups (DESIGN §9, decision 033): per person and local day, the figures insight cards
 * read (rules/days.ts). A day is summed again from its items whenever one of them is analysed,
 * edited or removed — in the same transaction as that change, under a per-person lock — so a
 * retried job writes the same figures (idempotent). In another timezone than the person's, or
 * never built (data from before rollups), a person's days are rebuilt whole from their items.
 */
export function createDailyRollups(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  async function rebuildIn(tx: Db, userId: string, timezone: string) {
    const rollups = createRollupsRepository(tx);
    await rollups.lock(userId);
    const items = (await createAnalysedItemsRepository(tx).itemsOf(userId)).map(toInsightItem);
    await rollups.deleteAll(userId);
    await rollups.insertDays(userId, daysFromItems(items, timezone), now());
    await rollups.setTimezone(userId, timezone, now());
  }

  async function refreshIn(tx: Db, userId: string, days: Set<string>, timezone: string) {
    const rollups = createRollupsRepository(tx);
    await rollups.lock(userId);
    if ((await rollups.timezoneOf(userId)) !== timezone) return rebuildIn(tx, userId, timezone);
    if (days.size === 0) return;
    const rows = await rollups.itemsIn(userId, [...days].map(spanOfDay));
    const items = rows.map(toInsightItem).filter((i) => days.has(dayOfItem(i, timezone)));
    const built = daysFromItems(items, timezone);
    const kept = new Set(built.map((d) => d.day));
    await rollups.saveDays(
      userId,
      built,
      [...days].filter((d) => !kept.has(d)),
      now(),
    );
  }

  return {
    /**
     * Runs `change` (an item written or removed) and sums again the days of `instants` (when
     * the item happened, before and after), in one transaction.
     */
    async write<T>(
      userId: string,
      timezone: string,
      instants: readonly (Date | null | undefined)[],
      change: (items: AnalysedItemsRepository) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await createRollupsRepository(tx).lock(userId);
        const result = await change(createAnalysedItemsRepository(tx));
        const days = new Set(instants.flatMap((at) => (at ? [localDayAt(at, timezone)] : [])));
        await refreshIn(tx, userId, days, timezone);
        return result;
      });
    },

    /** The person's days as the export shows them. */
    async exportOf(userId: string) {
      const rollups = createRollupsRepository(db);
      const [timezone, days] = await Promise.all([
        rollups.timezoneOf(userId),
        rollups.everythingOf(userId),
      ]);
      return {
        timezone,
        days: days.map((d) => ({
          day: d.day,
          items: d.items,
          figures: d.figures,
          updated_at: d.updatedAt.toISOString(),
        })),
      };
    },

    /** The person's days, rebuilt whole from their items (in `timezone`). */
    async rebuild(userId: string, timezone: string) {
      await db.transaction((tx) => rebuildIn(tx, userId, timezone));
    },

    /** Rebuilt unless already counted in `timezone` (a changed timezone, or never built). */
    async ensure(userId: string, timezone: string) {
      if ((await createRollupsRepository(db).timezoneOf(userId)) === timezone) return;
      await db.transaction(async (tx) => {
        const rollups = createRollupsRepository(tx);
        await rollups.lock(userId);
        if ((await rollups.timezoneOf(userId)) !== timezone) await rebuildIn(tx, userId, timezone);
      });
    },
  };
}
