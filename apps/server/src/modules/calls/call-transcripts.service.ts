import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CALL_MESSAGES,
  type CallSignal,
  type CallTranscript,
  type CallTranscriptLine,
} from '@kaleido/shared/calls/calls.schemas';
import { AUDIO_UPLOAD_POLICY } from '@kaleido/shared/files/upload-policies';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { ContentEvents } from '../content/content-events';
import type { FilesService } from '../files/files.service';
import type { RateLimitRule, RateLimitService } from '../rate-limit/rate-limit.service';
import type { SpeechService } from '../speech/speech.service';
import type { CallRecord, CallsRepository } from './calls.repository';
import { toCall } from './calls-records';
import type { CallTranscriptsRepository, TranscriptLineRow } from './call-transcripts.repository';
import { pieceEndsAt } from './transcript-after-stop';

export type CallTranscriptsService = ReturnType<typeof createCallTranscriptsService>;
export type TranscriptSignal = Extract<
  CallSignal,
  { kind: 'transcript-request' | 'transcript-accept' | 'transcript-decline' | 'transcript-stop' }
>;

/** The speech queue's name for a call's recorded piece. */
export const CALL_TRANSCRIPT_TARGET = 'call-transcript';
export const CALL_TRANSCRIPT_PURPOSE = 'call-transcript';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const transcriptState = (message: string) => conflict(message, 'TRANSCRIPT_STATE');

/** A piece every 10 s is 6 a minute; a script sending far more is refused. */
export const CALL_TRANSCRIPT_SEGMENT_LIMIT: RateLimitRule = {
  bucket: 'call-transcript-segment',
  max: 30,
  windowSeconds: 60,
  message: 'Too many recorded pieces at once. Please wait a minute.',
};

/** The analysis reads a person's lines of one call as one item: `<callId>:<userId>`. */
export const contentIdOf = (callId: string, userId: string) => `${callId}:${userId}`;

/**
 * Transcripts of calls with both people's consent (issue #12 item 4). Consent is a small state
 * machine on the call row (`off → requested → recording → off`), each step one conditional
 * UPDATE; a recorded piece is refused unless recording is on (or, once, the piece that was
 * being recorded when it stopped: transcript-after-stop.ts). Each piece goes the one upload path (files, then the speech
 * queue) and becomes its speaker's line; both people read the lines, each edits their own.
 */
export function createCallTranscriptsService(deps: {
  calls: CallsRepository;
  lines: CallTranscriptsRepository;
  bus: EventBus;
  files: Pick<FilesService, 'store' | 'find' | 'remove'>;
  speech: Pick<SpeechService, 'enqueue' | 'registerTarget'>;
  content?: Pick<ContentEvents, 'saved'>;
  rateLimits?: Pick<RateLimitService, 'consume'>;
  now: () => Date;
}) {
  const { calls, lines, now } = deps;

  async function participantCall(userId: string, callId: string): Promise<CallRecord> {
    const record = UUID.test(callId) ? await calls.find(callId) : null;
    if (!record || (record.callerId !== userId && record.calleeId !== userId))
      throw notFound(CALL_MESSAGES.notFound);
    return record;
  }

  const participants = (record: CallRecord) =>
    [...new Set([record.callerId, record.calleeId])].filter((id): id is string => id !== null);

  function toLine(
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

  /** Tells both people a line changed (each in their own view). */
  async function announceLine(callId: string, row: TranscriptLineRow) {
    const record = await calls.find(callId);
    if (!record) return;
    for (const id of participants(record))
      await deps.bus.publish({
        room: userRoom(id),
        name: 'call.transcript-line',
        data: { callId, line: toLine(record, row, id) },
      });
  }

  async function announceConsent(
    callId: string,
    change: 'requested' | 'accepted' | 'declined' | 'stopped',
    by: string,
  ) {
    const record = await calls.find(callId);
    if (!record) return;
    for (const id of participants(record))
      await deps.bus.publish({
        room: userRoom(id),
        name: 'call.transcript',
        data: { call: toCall(record, id), change, by },
      });
  }

  async function transcribed(lineId: string, text: string | null) {
    const row = await lines.find(lineId);
    if (!row) return;
    const file = row.fileId ? await deps.files.find(row.fileId) : null;
    // A person's correction wins over a late engine result; the audio goes either way.
    const updated = await lines.update(
      lineId,
      {
        ...(!row.edited &&
          (text === null ? { status: 'failed' as const } : { text, status: 'done' as const })),
        fileId: null,
      },
      now(),
    );
    if (file) await deps.files.remove([file]);
    if (updated) await announceLine(row.callId, updated);
    if (text !== null)
      await deps.content?.saved({
        userId: row.ownerId,
        kind: 'call',
        id: contentIdOf(row.callId, row.ownerId),
      });
  }

  deps.speech.registerTarget(CALL_TRANSCRIPT_TARGET, {
    onTranscribed: (lineId, text) => transcribed(lineId, text),
    onFailed: (lineId) => transcribed(lineId, null),
  });

  return {
    /** A transcript consent signal over the socket (`transcript-*`). */
    async consent(userId: string, signal: TranscriptSignal): Promise<void> {
      const record = await participantCall(userId, signal.callId);
      if (record.status !== 'active')
        throw conflict(
          record.status === 'ringing' ? CALL_MESSAGES.notActive : CALL_MESSAGES.alreadyOver,
          'CALL_STATE',
        );
      const at = now();
      switch (signal.kind) {
        case 'transcript-request': {
          // Asking when the other already asked is agreeing.
          if (record.transcriptState === 'requested' && record.transcriptRequestedBy !== userId)
            return this.consent(userId, { kind: 'transcript-accept', callId: signal.callId });
          const moved = await calls.transcriptTransition(signal.callId, ['off'], {
            transcriptState: 'requested',
            transcriptRequestedBy: userId,
          });
          if (!moved) {
            // Both asking at the same moment: the one that came second agrees.
            const current = await participantCall(userId, signal.callId);
            if (current.transcriptState === 'requested' && current.transcriptRequestedBy !== userId)
              return this.consent(userId, { kind: 'transcript-accept', callId: signal.callId });
            throw transcriptState(
              current.transcriptState === 'recording'
                ? CALL_MESSAGES.transcriptAlreadyOn
                : CALL_MESSAGES.transcriptAlreadyAsked,
            );
          }
          return announceConsent(signal.callId, 'requested', userId);
        }
        case 'transcript-accept':
        case 'transcript-decline': {
          const accept = signal.kind === 'transcript-accept';
          if (record.transcriptState === 'requested' && record.transcriptRequestedBy === userId)
            throw transcriptState(CALL_MESSAGES.transcriptOwnRequest);
          const moved = await calls.transcriptTransition(
            signal.callId,
            ['requested'],
            accept
              ? { transcriptState: 'recording' }
              : { transcriptState: 'off', transcriptRequestedBy: null },
            userId,
          );
          if (!moved)
            throw transcriptState(
              record.transcriptState === 'recording'
                ? CALL_MESSAGES.transcriptAlreadyOn
                : CALL_MESSAGES.transcriptNothingAsked,
            );
          return announceConsent(signal.callId, accept ? 'accepted' : 'declined', userId);
        }
        case 'transcript-stop': {
          const moved = await calls.transcriptTransition(
            signal.callId,
            ['requested', 'recording'],
            {
              transcriptState: 'off',
              transcriptRequestedBy: null,
              ...(record.transcriptState === 'recording' && { transcriptStoppedAt: at }),
            },
          );
          // Stopping what is already off is what both pressing Stop at once looks like.
          if (moved) await announceConsent(signal.callId, 'stopped', userId);
          return;
        }
      }
    },

    /**
     * When a piece from this person of `durationMs` ended, if it may be taken: recording with
     * both people's consent, or the one piece under way at a stop (transcript-after-stop.ts).
     */
    async admit(
      userId: string,
      callId: string,
      durationMs: number,
    ): Promise<{ record: CallRecord; endsAt: Date }> {
      const record = await participantCall(userId, callId);
      const endsAt = await pieceEndsAt(
        {
          record,
          userId,
          durationMs,
          now: now(),
          lastPieceAt: await lines.lastPieceAt(callId, userId),
        },
        deps.rateLimits,
      );
      return { record, endsAt };
    },

    /** Counts one recorded piece against the person's pace (CALL_TRANSCRIPT_SEGMENT_LIMIT). */
    async checkPace(userId: string): Promise<void> {
      await deps.rateLimits?.consume(CALL_TRANSCRIPT_SEGMENT_LIMIT, userId);
    },

    /** A recorded piece of the person's own microphone: stored, queued, a pending line. */
    async addSegment(
      userId: string,
      admitted: { record: CallRecord; endsAt: Date },
      input: { durationMs: number; filename: string; stream: Readable },
    ): Promise<CallTranscriptLine> {
      const { record, endsAt } = admitted;
      const callId = record.id;
      const file = await deps.files.store({
        ownerId: userId,
        purpose: CALL_TRANSCRIPT_PURPOSE,
        policy: AUDIO_UPLOAD_POLICY,
        filename: input.filename,
        stream: input.stream,
      });
      const at = now();
      const row = await lines.insert({
        id: randomUUID(),
        callId,
        ownerId: userId,
        fileId: file.id,
        spokenAt: new Date(endsAt.getTime() - input.durationMs),
        durationMs: input.durationMs,
        createdAt: at,
        updatedAt: at,
      });
      await deps.speech.enqueue({
        ownerId: userId,
        fileId: file.id,
        targetKind: CALL_TRANSCRIPT_TARGET,
        targetId: row.id,
      });
      await announceLine(callId, row);
      return toLine(record, row, userId);
    },

    /** Both people's lines, in spoken order; only the two participants see it. */
    async get(userId: string, callId: string): Promise<CallTranscript> {
      const record = await participantCall(userId, callId);
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
      const record = await participantCall(userId, callId);
      const row = UUID.test(lineId) ? await lines.find(lineId) : null;
      if (!row || row.callId !== callId) throw notFound(CALL_MESSAGES.transcriptNotFound);
      if (row.ownerId !== userId) throw forbidden(CALL_MESSAGES.transcriptNotYours, 'NOT_OWNER');
      const updated = await lines.update(lineId, { text, edited: true, status: 'done' }, now());
      if (!updated) throw notFound(CALL_MESSAGES.transcriptNotFound);
      await announceLine(callId, updated);
      await deps.content?.saved({ userId, kind: 'call', id: contentIdOf(callId, userId) });
      return toLine(record, updated, userId);
    },

    /** The person's lines of one call as one text (the analysis' `call` source). */
    async contentOf(contentId: string) {
      const [callId, userId] = contentId.split(':');
      if (!callId || !userId || !UUID.test(callId)) return null;
      const own = (await lines.ofCall(callId)).filter(
        (row) => row.ownerId === userId && row.text && row.status === 'done',
      );
      const first = own[0];
      if (!first) return null;
      const record = await calls.find(callId);
      const other = record && toCall(record, userId).other.name;
      return {
        userId,
        text: own.map((row) => row.text).join('\n'),
        occurredAt: first.spokenAt,
        mood: null,
        title: other ? `Call with ${other}` : 'Call',
        href: '/app/calls/history',
        tags: [],
      };
    },

    async contentIdsOf(userId: string): Promise<string[]> {
      const own = await lines.ownedBy(userId);
      return [...new Set(own.map((row) => row.callId))].map((id) => contentIdOf(id, userId));
    },

    /** Every line of the person's calls' transcripts, both speakers (their export). */
    async exportFor(userId: string, records: CallRecord[]) {
      const rows = await lines.ofCalls(records.filter((r) => r.hasTranscript).map((r) => r.id));
      const byId = new Map(records.map((r) => [r.id, r]));
      return rows.flatMap((row) => {
        const record = byId.get(row.callId);
        if (!record) return [];
        const line = toLine(record, row, userId);
        return [
          {
            call_id: row.callId,
            speaker: line.speaker.name,
            mine: line.mine,
            spoken_at: line.spokenAt,
            duration_ms: line.durationMs,
            text: line.text,
            status: line.status,
            edited: line.edited,
          },
        ];
      });
    },

    /** "Delete my data": what the person said goes, with any audio not yet transcribed. */
    async deleteDataOf(userId: string) {
      const fileIds = await lines.deleteOwnedBy(userId);
      const audio = await Promise.all(fileIds.map((id) => deps.files.find(id)));
      await deps.files.remove(audio.filter((file) => file !== null));
    },
  };
}
