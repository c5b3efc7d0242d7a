import {
  CALL_MESSAGES,
  type CallTranscript,
  type CallTranscriptLine,
} from '@kaleido/shared/calls/calls.schemas';
import { forbidden, notFound } from '../../http/errors';
import type { ContentEvents } from '../content/content-events';
import type { CallEvents } from './call-events';
import { isUuid, participantCall } from './call-states';
import { contentIdOf } from './call-transcript-content';
import type { CallTranscriptsRepository } from './call-transcripts.repository';
import { toCall, toLine } from './calls-records';
import type { CallsRepository } from './calls.repository';

export type CallTranscripts = ReturnType<typeof createCallTranscripts>;

/** A call's transcript as both people read it; each corrects their own lines only. */
export function createCallTranscripts(deps: {
  calls: CallsRepository;
  lines: CallTranscriptsRepository;
  events: Pick<CallEvents, 'transcriptLineChanged'>;
  content: Pick<ContentEvents, 'saved'>;
  now: () => Date;
}) {
  const { calls, lines, now } = deps;
  return {
    /** Both people's lines, in spoken order; only the two participants see it. */
    async get(userId: string, callId: string): Promise<CallTranscript> {
      const record = await participantCall(calls, userId, callId);
      const rows = await lines.ofCall(callId);
      return {
        call: toCall(record, userId),
        lines: rows.map((row) => toLine(record, row, userId)),
      };
    },

    /** A person corrects what they said; the other's lines are theirs alone. */
    async editLine(
      userId: string,
      callId: string,
      lineId: string,
      text: string,
    ): Promise<CallTranscriptLine> {
      const record = await participantCall(calls, userId, callId);
      const row = isUuid(lineId) ? await lines.find(lineId) : null;
      if (!row || row.callId !== callId) throw notFound(CALL_MESSAGES.transcriptNotFound);
      if (row.ownerId !== userId) throw forbidden(CALL_MESSAGES.transcriptNotYours, 'NOT_OWNER');
      const updated = await lines.update(lineId, { text, edited: true, status: 'done' }, now());
      if (!updated) throw notFound(CALL_MESSAGES.transcriptNotFound);
      const current = await calls.find(callId);
      if (current) await deps.events.transcriptLineChanged(current, updated);
      await deps.content.saved({ userId, kind: 'call', id: contentIdOf(callId, userId) });
      return toLine(record, updated, userId);
    },
  };
}
