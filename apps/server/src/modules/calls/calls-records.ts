import {
  CALL_MESSAGES,
  type Call,
  type CallEventName,
  type CallParty,
  type CallTranscriptLine,
} from '@kaleido/shared/calls/calls.schemas';
import type { TranscriptLineRow } from './call-transcripts.repository';
import type { CallRecord } from './call-record-query';

/** The events that say where a call is (the negotiation relays are the others). */
export type StatusEvent = Exclude<
  CallEventName,
  | 'call.offer'
  | 'call.answer'
  | 'call.ice'
  | 'call.away'
  | 'call.rejoin'
  | 'call.transcript'
  | 'call.transcript-line'
>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A person in a call as the viewer sees them; a deleted account is 'Deleted user'. */
function party(id: string | null, name: string | null, avatar: string | null): CallParty {
  return {
    id: id && name !== null ? id : null,
    name: id && name !== null ? name : CALL_MESSAGES.deletedUser,
    avatarUrl: (id && avatar) || '',
  };
}

/** A call from the viewer's side (direction, the other person). */
export function toCall(record: CallRecord, viewerId: string): Call {
  const caller = party(record.callerId, record.callerName, record.callerAvatar);
  const callee = party(record.calleeId, record.calleeName, record.calleeAvatar);
  const outgoing = record.callerId === viewerId;
  return {
    id: record.id,
    type: record.type,
    status: record.status,
    direction: outgoing ? 'outgoing' : 'incoming',
    caller,
    callee,
    other: outgoing ? callee : caller,
    timestamp: record.startedAt.toISOString(),
    answeredAt: iso(record.answeredAt),
    endedAt: iso(record.endedAt),
    duration: record.durationSeconds,
    endReason: record.endReason,
    endedBy: record.endedBy,
    hasTranscript: record.hasTranscript,
    // Consent lasts as long as the call: once it is over, nothing records.
    transcriptState: record.status === 'active' ? record.transcriptState : 'off',
    transcriptRequestedBy:
      record.status === 'active' && record.transcriptState !== 'off'
        ? record.transcriptRequestedBy
        : null,
  };
}

/** A line of a call's transcript from the viewer's side (whose it is, whether it is theirs). */
export function toLine(
  record: CallRecord,
  row: TranscriptLineRow,
  viewerId: string,
): CallTranscriptLine {
  const call = toCall(record, viewerId);
  const speaker = row.ownerId === record.callerId ? call.caller : call.callee;
  return {
    id: row.id,
    speaker,
    mine: row.ownerId === viewerId,
    spokenAt: row.spokenAt.toISOString(),
    durationMs: row.durationMs,
    text: row.text,
    status: row.status,
    edited: row.edited,
  };
}

/** The event that tells a caller where a call already is (a retried invite). */
export function eventForStatus(record: CallRecord): StatusEvent {
  switch (record.status) {
    case 'ringing':
      return 'call.invited';
    case 'active':
      return 'call.accepted';
    case 'completed':
      return 'call.ended';
    case 'declined':
      return 'call.declined';
    case 'missed':
      return record.endReason === 'busy'
        ? 'call.busy'
        : record.endReason === 'cancelled'
          ? 'call.cancelled'
          : 'call.missed';
  }
}

export function secondsBetween(from: Date, to: Date): number {
  return Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));
}
