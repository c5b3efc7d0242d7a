import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRANSCRIBE_QUEUED_MAX_SECONDS } from '@kaleido/shared/speech/speech.schemas';
import { decodeArgs, ffmpegHasSoxr, TRAILING_PAD_SECONDS } from './audio-decode';
import { onPath, run } from './process';
import {
  AudioDecodeError,
  AudioTooLongError,
  type TranscriptionEngine,
} from './transcription-engine';

/** 16 kHz mono 16-bit PCM: what one second of decoded audio costs on disk. */
const WAV_BYTES_PER_SECOND = 16_000 * 2;
/** Temporary space always left free for the rest of the machine. */
const TEMP_RESERVE_BYTES = 512 * 1024 * 1024;

export class TempSpaceError extends Error {}

/**
 * The embedded engine: Debian's ffmpeg decodes any container to 16 kHz mono PCM at one loudness,
 * with half a second of silence after it (audio-decode.ts), then CMU PocketSphinx recognises it.
 * Both run as processes with time limits, on files rather than pipes (pocketsphinx reads its
 * input by name), and the temporary file is always removed.
 * Measured here (decision 031) about 37 % word errors on natural speech read from a file and 32 %
 * recorded through Chromium: the UI shows its text as a draft.
 */
export function createPocketSphinxEngine(options: { workDir?: string } = {}): TranscriptionEngine {
  const workDir = options.workDir ?? join(tmpdir(), 'kaleido-stt');
  return {
    name: 'pocketsphinx',
    description: 'CMU PocketSphinx (embedded, offline; transcripts are drafts)',
    async available() {
      return (await onPath('ffmpeg')) && (await onPath('pocketsphinx_continuous'));
    },
    async transcribe(audioPath, limits) {
      const maxSeconds = limits?.maxSeconds ?? TRANSCRIBE_QUEUED_MAX_SECONDS;
      // The decoded file can never exceed this: ffmpeg stops at -t and, as a second belt, -fs.
      const maxWavBytes = (maxSeconds + 1 + TRAILING_PAD_SECONDS) * WAV_BYTES_PER_SECOND + 1024;
      await mkdir(workDir, { recursive: true });
      const space = await statfs(workDir);
      if (space.bavail * space.bsize < maxWavBytes + TEMP_RESERVE_BYTES) {
        throw new TempSpaceError('Not enough temporary disk space to decode the recording.');
      }
      const wav = join(workDir, `${randomUUID()}.wav`);
      try {
        try {
          await run(
            'ffmpeg',
            decodeArgs(audioPath, wav, {
              maxSeconds,
              maxBytes: maxWavBytes,
              soxr: await ffmpegHasSoxr(),
            }),
            120_000,
          );
        } catch (error) {
          throw new AudioDecodeError(`The audio could not be decoded: ${(error as Error).message}`);
        }
        // The container did not say (or lied): the decoded length is the truth.
        const padBytes = TRAILING_PAD_SECONDS * WAV_BYTES_PER_SECOND;
        if ((await stat(wav)).size > maxSeconds * WAV_BYTES_PER_SECOND + padBytes + 1024) {
          throw new AudioTooLongError(maxSeconds);
        }
        const output = await run(
          'pocketsphinx_continuous',
          ['-infile', wav, '-logfn', '/dev/null'],
          10 * 60_000,
        );
        return output
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .join(' ');
      } finally {
        await rm(wav, { force: true });
      }
    },
  };
}
