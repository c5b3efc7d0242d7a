import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { CallTranscriptLine } from '@kaleido/shared/calls/calls.schemas';
import { AUDIO_UPLOAD_POLICY } from '@kaleido/shared/files/upload-policies';
import type { ContentEvents } from '../content/content-events';
import type { FilesService } from '../files/files.service';
import type { RateLimitRule, RateLimitService } from '../rate-limit/rate-limit.service';
import type { TranscriptionQueue } from '../speech/transcription-queue';
import type { CallEvents } from './call-events';
import { participantCall } from './call-states';
import { contentIdOf } from './call-transcript-content';
import type { CallTranscriptsRepository, TranscriptLineRow } from './call-transcripts.repository';
import { toLine } from './calls-records';
import type { CallRecord } from './call-record-query';
import type { CallsRepository } from './calls.repository';
import { pieceEndsAt } from './transcript-after-stop';

/** The speech queue's name for a call's recorded piece. */
export const CALL_TRANSCRIPT_TARGET = 'call-transcript';
export const CALL_TRANSCRIPT_PURPOSE = 'call-transcript';

/** A piece every 10 s is 6 a minute; a script sending far more is refused. */
export const CALL_TRANSCRIPT_SEGMENT_LIMIT: RateLimitRule = {
  bucket: 'call-transcript-segment',
  max: 30,
  windowSeconds: 60,
  message: 'Too many recorded pieces at once. Please wait a minute.',
};

export type CallTranscriptRecording = ReturnType<typeof createCallTranscriptRecording>;

/**
 * Recorded pieces of a transcript (issue #12 item 4). A piece is refused unless recording is on
 * (or, once, the piece that was being recorded when it stopped: transcript-after-stop.ts). Each
 * piece goes the one upload path (files, then the speech queue) and becomes its speaker's line,
 * pending until the engine's text arrives.
 */
export function createCallTranscriptRecording(deps: {
  calls: CallsRepository;
  lines: CallTranscriptsRepository;
  events: Pick<CallEvents, 'transcriptLineChanged'>;
  files: Pick<FilesService, 'store' | 'find' | 'remove'>;
  speech: Pick<TranscriptionQueue, 'enqueue'>;
  content: Pick<ContentEvents, 'saved'>;
  rateLimits: Pick<RateLimitService, 'consume'>;
  now: () => Date;
}) {
  const { calls, lines, now } = deps;

  /** Tells both people a line changed (each in their own view). */
  async function announceLine(callId: string, row: TranscriptLineRow) {
    const record = await calls.find(callId);
    if (record) await deps.events.transcriptLineChanged(record, row);
  }

  return {
    /** Counts one recorded piece against the person's pace (CALL_TRANSCRIPT_SEGMENT_LIMIT). */
    async checkPace(userId: string): Promise<void> {
      await deps.rateLimits.consume(CALL_TRANSCRIPT_SEGMENT_LIMIT, userId);
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
      const record = await participantCall(calls, userId, callId);
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

    /** The speech queue's answer for a piece: its text, or null when transcription failed. */
    async transcribed(lineId: string, text: string | null): Promise<void> {
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
        await deps.content.saved({
          userId: row.ownerId,
          kind: 'call',
          id: contentIdOf(row.callId, row.ownerId),
        });
    },
  };
}
