import { and, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CallStatus, TranscriptState } from '@kaleido/shared/calls/calls.schemas';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/accounts';
import { calls, callTranscriptLines } from '../../db/schema/calls';
import { userProfile } from '../../db/schema/profile';

export type CallRow = typeof calls.$inferSelect;
export type CallsRepository = ReturnType<typeof createCallsRepository>;

/** A call with what the screens show of both people (null: the account is gone). */
export interface CallRecord extends CallRow {
  callerName: string | null;
  callerAvatar: string | null;
  calleeName: string | null;
  calleeAvatar: string | null;
  /** Some line of a transcript exists (either person's). */
  hasTranscript: boolean;
}

const LIVE: CallStatus[] = ['ringing', 'active'];
/** The first key of the per-person advisory lock invites take (the second is the person's id). */
const CALL_LOCK = 0x63616c6c; // 'call'

/** The only place with the calls' SQL. */
export function createCallsRepository(db: Db) {
  const callerProfile = alias(profiles, 'caller_profile');
  const calleeProfile = alias(profiles, 'callee_profile');
  const callerExtra = alias(userProfile, 'caller_extra');
  const calleeExtra = alias(userProfile, 'callee_extra');

  function selectRecords() {
    return db
      .select({
        call: calls,
        callerName: callerProfile.fullName,
        callerAvatar: callerExtra.avatarUrl,
        calleeName: calleeProfile.fullName,
        calleeAvatar: calleeExtra.avatarUrl,
        hasTranscript: sql<boolean>`exists (select 1 from ${callTranscriptLines} where ${callTranscriptLines.callId} = ${calls.id})`,
      })
      .from(calls)
      .leftJoin(callerProfile, eq(callerProfile.userId, calls.callerId))
      .leftJoin(callerExtra, eq(callerExtra.userId, calls.callerId))
      .leftJoin(calleeProfile, eq(calleeProfile.userId, calls.calleeId))
      .leftJoin(calleeExtra, eq(calleeExtra.userId, calls.calleeId));
  }
  type Selected = Awaited<ReturnType<ReturnType<typeof selectRecords>['execute']>>[number];
  const toRecord = (row: Selected): CallRecord => ({
    ...row.call,
    callerName: row.callerName,
    callerAvatar: row.callerAvatar,
    calleeName: row.calleeName,
    calleeAvatar: row.calleeAvatar,
    // Drivers differ in how they hand back a boolean expression.
    hasTranscript: ['true', 't'].includes(String(row.hasTranscript)),
  });
  const involving = (userId: string) => or(eq(calls.callerId, userId), eq(calls.calleeId, userId));

  return {
    /**
     * Places an invite: in one transaction holding both people's call locks (taken in id order,
     * so two invites crossing cannot deadlock), checks that neither is in a live call heard from
     * since `freshSince`, then inserts the call ringing, or missed (busy) when the callee is in
     * one. Two invites to the same person at once, on any instances, are serialised here: the
     * second sees the first ringing and gets `busy`. `duplicate`: this call id is already placed.
     */
    async place(
      row: Omit<typeof calls.$inferInsert, 'status'> & { callerId: string; calleeId: string },
      freshSince: Date,
    ): Promise<'ringing' | 'busy' | 'callerBusy' | 'duplicate'> {
      return db.transaction(async (tx) => {
        for (const id of [row.callerId, row.calleeId].sort())
          await tx.execute(sql`select pg_advisory_xact_lock(${CALL_LOCK}, hashtext(${id}))`);
        const exists = await tx
          .select({ id: calls.id })
          .from(calls)
          .where(eq(calls.id, row.id))
          .limit(1);
        if (exists.length) return 'duplicate';
        const live = (userId: string) =>
          tx
            .select({ id: calls.id })
            .from(calls)
            .where(
              and(
                involving(userId),
                inArray(calls.status, LIVE),
                sql`${calls.lastSeenAt} >= ${freshSince.toISOString()}`,
              ),
            )
            .limit(1);
        if ((await live(row.callerId)).length) return 'callerBusy';
        const busy = (await live(row.calleeId)).length > 0;
        await tx.insert(calls).values({
          ...row,
          ...(busy
            ? { status: 'missed' as const, endedAt: row.startedAt, endReason: 'busy' as const }
            : { status: 'ringing' as const }),
        });
        return busy ? 'busy' : 'ringing';
      });
    },

    /** The person's name, or null when there is no such account. */
    async nameOf(userId: string): Promise<string | null> {
      const rows = await db
        .select({ name: profiles.fullName })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .limit(1);
      return rows[0]?.name ?? null;
    },

    async find(id: string): Promise<CallRecord | null> {
      const rows = await selectRecords().where(eq(calls.id, id)).limit(1);
      return rows[0] ? toRecord(rows[0]) : null;
    },

    /**
     * Moves a call on only from the statuses given, in one statement: of two instances racing
     * (an answer and the timeout), one wins and the other sees null.
     */
    async transition(
      id: string,
      from: CallStatus[],
      patch: Partial<typeof calls.$inferInsert>,
    ): Promise<boolean> {
      const updated = await db
        .update(calls)
        .set(patch)
        .where(and(eq(calls.id, id), inArray(calls.status, from)))
        .returning({ id: calls.id });
      return updated.length === 1;
    },

    /**
     * Moves an active call's transcript consent on only from the states given (and, with
     * `notRequestedBy`, only if someone else asked): one statement, one winner.
     */
    async transcriptTransition(
      id: string,
      from: TranscriptState[],
      patch: Pick<
        Partial<typeof calls.$inferInsert>,
        'transcriptState' | 'transcriptRequestedBy' | 'transcriptStoppedAt'
      >,
      notRequestedBy?: string,
    ): Promise<boolean> {
      const conditions: SQL[] = [
        eq(calls.id, id),
        eq(calls.status, 'active'),
        inArray(calls.transcriptState, from),
      ];
      if (notRequestedBy)
        conditions.push(
          sql`${calls.transcriptRequestedBy} is distinct from ${notRequestedBy}::uuid`,
        );
      const updated = await db
        .update(calls)
        .set(patch)
        .where(and(...conditions))
        .returning({ id: calls.id });
      return updated.length === 1;
    },

    /** Live calls of the person not heard from since `staleBefore`: both browsers left. */
    async staleCallsOf(userId: string, staleBefore: Date): Promise<CallRow[]> {
      return db
        .select()
        .from(calls)
        .where(
          and(involving(userId), inArray(calls.status, LIVE), lt(calls.lastSeenAt, staleBefore)),
        );
    },

    async touch(id: string, at: Date): Promise<void> {
      await db
        .update(calls)
        .set({ lastSeenAt: at })
        .where(and(eq(calls.id, id), inArray(calls.status, LIVE)));
    },

    /** The person's calls, newest first, placed before `before` when given. */
    async listFor(userId: string, before: Date | undefined, limit: number): Promise<CallRecord[]> {
      const conditions: SQL[] = [involving(userId) as SQL];
      if (before) conditions.push(lt(calls.startedAt, before));
      const rows = await selectRecords()
        .where(and(...conditions))
        .orderBy(desc(calls.startedAt), desc(calls.id))
        .limit(limit);
      return rows.map(toRecord);
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
