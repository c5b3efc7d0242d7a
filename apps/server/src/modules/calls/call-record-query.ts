import { eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CallStatus } from '@kaleido/shared/calls/calls.schemas';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/accounts';
import { calls, callTranscriptLines } from '../../db/schema/calls';
import { userProfile } from '../../db/schema/profile';

export type CallRow = typeof calls.$inferSelect;

/** A call with what the screens show of both people (null: the account is gone). */
export interface CallRecord extends CallRow {
  callerName: string | null;
  callerAvatar: string | null;
  calleeName: string | null;
  calleeAvatar: string | null;
  /** Some line of a transcript exists (either person's). */
  hasTranscript: boolean;
}

export const LIVE: CallStatus[] = ['ringing', 'active'];

export const involving = (userId: string) =>
  or(eq(calls.callerId, userId), eq(calls.calleeId, userId));

const callerProfile = alias(profiles, 'caller_profile');
const calleeProfile = alias(profiles, 'callee_profile');
const callerExtra = alias(userProfile, 'caller_extra');
const calleeExtra = alias(userProfile, 'callee_extra');

/**
 * Calls with both people's names and avatars, and whether a transcript exists: the select both
 * calls repositories read CallRecords with (add `.where`, order and limit).
 */
export function selectCallRecords(db: Db) {
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

type Selected = Awaited<ReturnType<ReturnType<typeof selectCallRecords>['execute']>>[number];

export const toCallRecord = (row: Selected): CallRecord => ({
  ...row.call,
  callerName: row.callerName,
  callerAvatar: row.callerAvatar,
  calleeName: row.calleeName,
  calleeAvatar: row.calleeAvatar,
  // Drivers differ in how they hand back a boolean expression.
  hasTranscript: ['true', 't'].includes(String(row.hasTranscript)),
});
