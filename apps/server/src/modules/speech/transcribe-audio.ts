import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { TRANSCRIBE_NOW_MAX_SECONDS } from '@kaleido/shared/speech/speech.schemas';
import { AppError, tooManyRequests } from '../../http/errors';
import { transcribeWithin, type ActiveEngine } from './active-engine';
import { TempSpaceError } from './pocketsphinx-engine';
import { AudioDecodeError, AudioTooLongError } from './transcription-engine';

export type TranscribeAudio = ReturnType<typeof createTranscribeAudio>;

/**
 * The spec's transcribe-audio function: base64 audio in, text out, synchronously. Each call
 * holds up to 10 MB of audio and its decoded copy on disk and a core while it runs, so one runs
 * per person and `concurrency` in all; more wait their turn in the client (429).
 */
export function createTranscribeAudio(deps: {
  engine: ActiveEngine;
  log: Pick<FastifyBaseLogger, 'error'>;
  concurrency: number;
}) {
  /** People with a transcribe-audio call in progress. */
  const runningNow = new Set<string>();

  async function transcribeFile(audio: Buffer): Promise<string> {
    const active = await deps.engine.current();
    if (!active)
      throw new AppError(503, 'Transcription is not available on this server.', {
        code: 'STT_UNAVAILABLE',
      });
    const dir = join(tmpdir(), 'kaleido-stt');
    await mkdir(dir, { recursive: true });
    const path = join(dir, `${randomUUID()}.webm`);
    await writeFile(path, audio);
    try {
      return await transcribeWithin(active, path, TRANSCRIBE_NOW_MAX_SECONDS);
    } catch (error) {
      if (error instanceof AudioTooLongError)
        throw new AppError(413, error.message, { code: 'AUDIO_TOO_LONG' });
      if (error instanceof AudioDecodeError)
        throw new AppError(422, 'Failed to process audio recording.', {
          code: 'AUDIO_UNREADABLE',
        });
      if (error instanceof TempSpaceError) {
        deps.log.error({ err: error }, 'no temporary space to decode audio');
        throw new AppError(
          507,
          'The server has no room to decode the recording right now. Please try again later.',
          {
            code: 'STORAGE_FULL',
          },
        );
      }
      throw error;
    } finally {
      await rm(path, { force: true });
    }
  }

  return {
    async transcribeNow(userId: string, audio: Buffer): Promise<string> {
      // Taken before any await, so two requests arriving together cannot both pass.
      if (runningNow.has(userId)) {
        throw tooManyRequests(
          5,
          'Your previous recording is still being transcribed. Please wait for it to finish.',
        );
      }
      if (runningNow.size >= deps.concurrency) {
        throw tooManyRequests(
          10,
          'The server is busy transcribing other recordings. Please try again in a moment.',
        );
      }
      runningNow.add(userId);
      try {
        return await transcribeFile(audio);
      } finally {
        runningNow.delete(userId);
      }
    },
  };
}
