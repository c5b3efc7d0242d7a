import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { CallStatus, TranscriptState } from '@kaleido/shared/calls/calls.schemas';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/accounts';
import { calls } from '../../db/schema/calls';
import {
  involving,
  LIVE,
  selectCallRecords,
  toCallRecord,
  type CallRecord,
  type CallRow,
} from './call-record-query';

export type CallsRepository = ReturnType<typeof createCallsRepository>;

/** The first key of the per-person advisory lock invites take (the second is the person's id). */
const CALL_LOCK = 0x63616c6c; // 'call'

/** The SQL of live calls: placing one, moving it on, keeping it alive. */
export function createCallsRepository(db: Db) {
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
      const rows = await selectCallRecords(db).where(eq(calls.id, id)).limit(1);
      return rows[0] ? toCallRecord(rows[0]) : null;
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
  };
}
