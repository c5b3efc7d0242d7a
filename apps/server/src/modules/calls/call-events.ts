import type { CallSignal } from '@kaleido/shared/calls/calls.schemas';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { TranscriptLineRow } from './call-transcripts.repository';
import type { CallRecord } from './call-record-query';
import { eventForStatus, toCall, toLine, type StatusEvent } from './calls-records';

/** What one browser sends the other through the server while the call is connected. */
export type RelayedSignal = Extract<
  CallSignal,
  { kind: 'offer' | 'answer' | 'ice' | 'away' | 'rejoin' }
>;

export type TranscriptConsentChange = 'requested' | 'accepted' | 'declined' | 'stopped';

/**
 * What happened to calls, in the factories' words. The factories say what happened; who hears of
 * it, and in which rooms, is decided below (STYLE.md #6, as chat-events.ts).
 */
export interface CallEvents {
  /** The call moved (placed, rang, answered, ended...); `record` is the call as it is now. */
  callMoved(record: CallRecord, name: StatusEvent): Promise<void>;
  /** The caller's tab retried an invite already placed (a reloaded page, a lost event). */
  inviteRetried(record: CallRecord): Promise<void>;
  /** One person's browser sent the other's a negotiation step (or went away, or came back). */
  signalRelayed(relay: {
    callId: string;
    from: string;
    to: string;
    signal: RelayedSignal;
  }): Promise<void>;
  /** The transcript's consent changed: `by` did `change`; `record` is the call as it is now. */
  transcriptConsentChanged(
    record: CallRecord,
    change: TranscriptConsentChange,
    by: string,
  ): Promise<void>;
  /** A line of the transcript was added, transcribed or edited. */
  transcriptLineChanged(record: CallRecord, row: TranscriptLineRow): Promise<void>;
}

const participantsOf = (record: CallRecord) =>
  [...new Set([record.callerId, record.calleeId])].filter((id): id is string => id !== null);

/** Calls' events as realtime rooms see them: each person's `user:<id>`, in their own view. */
export function createCallsRealtime(deps: { bus: EventBus }): CallEvents {
  const { bus } = deps;

  return {
    async callMoved(record, name) {
      for (const id of participantsOf(record))
        await bus.publish({ room: userRoom(id), name, data: { call: toCall(record, id) } });
    },

    // Told again where the call is, to the caller only.
    async inviteRetried(record) {
      if (!record.callerId) return;
      await bus.publish({
        room: userRoom(record.callerId),
        name: eventForStatus(record),
        data: { call: toCall(record, record.callerId) },
      });
    },

    async signalRelayed({ callId, from, to, signal }) {
      const room = userRoom(to);
      const base = { callId, from };
      switch (signal.kind) {
        case 'away':
        case 'rejoin':
          return bus.publish({ room, name: `call.${signal.kind}`, data: base });
        case 'offer':
          return bus.publish({
            room,
            name: 'call.offer',
            data: { ...base, sdp: signal.sdp, restart: signal.restart ?? false },
          });
        case 'answer':
          return bus.publish({ room, name: 'call.answer', data: { ...base, sdp: signal.sdp } });
        case 'ice':
          return bus.publish({
            room,
            name: 'call.ice',
            data: { ...base, candidate: signal.candidate },
          });
      }
    },

    async transcriptConsentChanged(record, change, by) {
      for (const id of participantsOf(record))
        await bus.publish({
          room: userRoom(id),
          name: 'call.transcript',
          data: { call: toCall(record, id), change, by },
        });
    },

    async transcriptLineChanged(record, row) {
      for (const id of participantsOf(record))
        await bus.publish({
          room: userRoom(id),
          name: 'call.transcript-line',
          data: { callId: record.id, line: toLine(record, row, id) },
        });
    },
  };
}
