import { and, count, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calls } from '../../db/schema/calls';
import { involving, selectCallRecords, toCallRecord, type CallRecord } from './call-record-query';

export type CallHistoryRepository = ReturnType<typeof createCallHistoryRepository>;

/** The SQL of calls as history: a person's list, their dashboard's figures, leaving their calls. */
export function createCallHistoryRepository(db: Db) {
  return {
    /** The person's calls, newest first, placed before `before` when given. */
    async listFor(userId: string, before: Date | undefined, limit: number): Promise<CallRecord[]> {
      const conditions: SQL[] = [involving(userId) as SQL];
      if (before) conditions.push(lt(calls.startedAt, before));
      const rows = await selectCallRecords(db)
        .where(and(...conditions))
        .orderBy(desc(calls.startedAt), desc(calls.id))
        .limit(limit);
      return rows.map(toCallRecord);
    },

    /** Calls the person took part in placed in [from, to), and their connected seconds. */
    async placedBetween(userId: string, from: Date, to: Date) {
      const [row] = await db
        .select({
          count: count(),
          totalSeconds: sql<number | string>`coalesce(sum(${calls.durationSeconds}), 0)::int`,
        })
        .from(calls)
        .where(
          and(
            involving(userId),
            sql`${calls.startedAt} >= ${from.toISOString()}`,
            lt(calls.startedAt, to),
          ),
        );
      return { count: row?.count ?? 0, totalSeconds: Number(row?.totalSeconds ?? 0) };
    },

    /** The local days (YYYY-MM-DD) in [from, to) with an answered call of the person. */
    async answeredDays(userId: string, from: Date, to: Date, timezone: string) {
      const rows = await db
        .selectDistinct({
          date: sql<string>`to_char(${calls.answeredAt} at time zone ${timezone}, 'YYYY-MM-DD')`,
        })
        .from(calls)
        .where(
          and(
            involving(userId),
            sql`${calls.answeredAt} >= ${from.toISOString()}`,
            lt(calls.answeredAt, to),
          ),
        );
      return rows.map((r) => r.date);
    },

    async countFor(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(calls).where(involving(userId));
      return row?.n ?? 0;
    },

    /**
     * "Delete my data": the person leaves their calls; the other keeps the history, showing a
     * deleted user. A call nobody is left in goes.
     */
    async leave(userId: string): Promise<void> {
      await db.update(calls).set({ callerId: null }).where(eq(calls.callerId, userId));
      await db.update(calls).set({ calleeId: null }).where(eq(calls.calleeId, userId));
      await db.update(calls).set({ endedBy: null }).where(eq(calls.endedBy, userId));
      await db
        .update(calls)
        .set({ transcriptRequestedBy: null })
        .where(eq(calls.transcriptRequestedBy, userId));
      await db.delete(calls).where(and(isNull(calls.callerId), isNull(calls.calleeId)));
    },
  };
}
