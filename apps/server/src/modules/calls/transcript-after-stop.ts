import {
  CALL_MESSAGES,
  CALL_TRANSCRIPT_GRACE_MS,
  CALL_TRANSCRIPT_SEGMENT_MS,
} from '@kaleido/shared/calls/calls.schemas';
import { conflict } from '../../http/errors';
import type { RateLimitRule, RateLimitService } from '../rate-limit/rate-limit.service';
import type { CallRecord } from './call-record-query';

/** Upload and clock slack on the one piece that was being recorded when the stop came. */
const PIECE_SLACK_MS = 2_000;

/** One claim per person per stop: the rate-limit counter is one atomic statement. */
const LAST_PIECE: RateLimitRule = {
  bucket: 'call-transcript-last-piece',
  max: 1,
  windowSeconds: Math.ceil(CALL_TRANSCRIPT_GRACE_MS / 1000) * 2,
  message: CALL_MESSAGES.transcriptNotRecording,
};

const notRecording = () =>
  conflict(CALL_MESSAGES.transcriptNotRecording, 'TRANSCRIPT_NOT_RECORDING');

/**
 * When a piece of a call's transcript was spoken, or a refusal (security probe 2, N14). While
 * both people record, a piece ends now. Once either stops (or the call ends), each person may
 * still send the ONE piece their browser was recording at that moment — within
 * CALL_TRANSCRIPT_GRACE_MS, no longer than one recorder segment nor than the time between
 * their previous piece and the stop — and it is dated before the stop. Nothing after it.
 */
export async function pieceEndsAt(
  input: {
    record: CallRecord;
    userId: string;
    durationMs: number;
    now: Date;
    /** When this person's latest piece of this call arrived (null: none yet). */
    lastPieceAt: Date | null;
  },
  rateLimits: Pick<RateLimitService, 'consume'> | undefined,
): Promise<Date> {
  const { record, now } = input;
  if (record.status === 'active' && record.transcriptState === 'recording') return now;
  const stoppedAt = record.transcriptStoppedAt;
  if (!stoppedAt || now.getTime() - stoppedAt.getTime() > CALL_TRANSCRIPT_GRACE_MS)
    throw notRecording();
  if (input.lastPieceAt && input.lastPieceAt.getTime() >= stoppedAt.getTime()) throw notRecording();
  const sinceLast = input.lastPieceAt
    ? stoppedAt.getTime() - input.lastPieceAt.getTime()
    : Number.POSITIVE_INFINITY;
  if (input.durationMs > Math.min(CALL_TRANSCRIPT_SEGMENT_MS, sinceLast) + PIECE_SLACK_MS)
    throw notRecording();
  // Two pieces sent at once after the stop both pass the checks above; only one claims.
  try {
    await rateLimits?.consume(
      LAST_PIECE,
      `${record.id}:${input.userId}:${String(stoppedAt.getTime())}`,
    );
  } catch {
    throw notRecording();
  }
  return stoppedAt;
}
