import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRANSCRIBE_QUEUED_MAX_SECONDS } from '@kaleido/shared/speech/speech.schemas';
import { decodeArgs, ffmpegHasSoxr, TRAILING_PAD_SECONDS } from './audio-decode';
import { createPocketSphinxPool, type PocketSphinxPool } from './pocketsphinx-pool';
import type { WorkerOptions } from './pocketsphinx-worker-protocol';
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
/** The recogniser's time limit for one recording (at most an hour of audio, RTF well under 1). */
const RECOGNISE_TIMEOUT_MS = 10 * 60_000;

/**
 * The decoder settings and language model the server uses. `generic` is PocketSphinx's en-us
 * model alone; `journaling` interpolates it with our journaling model. Decision 036 measured the
 * journaling model and `-maxhmmpf 3000` on the held-out speech and adopted neither (each lost
 * words on the browser path).
 */
export const POCKETSPHINX_DEFAULTS: WorkerOptions = {
  decoderArgs: [],
  languageModel: 'generic',
};

/** One pool of recognisers per setting, shared by every engine in the process. */
const pools = new Map<string, PocketSphinxPool>();
function sharedPool(options: WorkerOptions): PocketSphinxPool {
  const key = JSON.stringify(options);
  let pool = pools.get(key);
  if (!pool) {
    pool = createPocketSphinxPool(options);
    pools.set(key, pool);
  }
  return pool;
}

export class TempSpaceError extends Error {}

/**
 * The embedded engine: Debian's ffmpeg decodes any container to 16 kHz mono PCM at one loudness,
 * with half a second of silence after it (audio-decode.ts), then CMU PocketSphinx recognises it.
 * ffmpeg runs as a process per recording (untrusted media, decision 014); PocketSphinx runs in a
 * long-lived child process that keeps its models loaded (pocketsphinx-pool.ts, decision 036), or,
 * where its libraries cannot be called (no koffi, another build), as pocketsphinx_continuous per
 * recording. Both have time limits; they work on files (pocketsphinx reads its input by name),
 * and the temporary file is always removed.
 * Measured here (decisions 031, 036) about 37 % word errors on natural speech read from a file and
 * 32 % recorded through Chromium: the UI shows its text as a draft.
 */
export function createPocketSphinxEngine(
  options: {
    workDir?: string;
    /** false: always a pocketsphinx_continuous process per recording (decision 031's engine). */
    persistent?: boolean;
    recogniser?: Partial<WorkerOptions>;
    /** The recogniser's time limit per recording. */
    recogniseTimeoutMs?: number;
  } = {},
): TranscriptionEngine {
  const workDir = options.workDir ?? join(tmpdir(), 'kaleido-stt');
  const settings: WorkerOptions = { ...POCKETSPHINX_DEFAULTS, ...options.recogniser };
  const pool = options.persistent === false ? null : sharedPool(settings);
  const timeoutMs = options.recogniseTimeoutMs ?? RECOGNISE_TIMEOUT_MS;

  async function recognise(wav: string): Promise<string> {
    const text = await pool?.recognise(wav, timeoutMs);
    if (text !== undefined && text !== null) return text;
    const output = await run(
      'pocketsphinx_continuous',
      ['-infile', wav, '-logfn', '/dev/null', ...settings.decoderArgs],
      timeoutMs,
    );
    return output
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ');
  }

  return {
    name: 'pocketsphinx',
    get description() {
      const state = pool?.state();
      const how =
        state?.mode === 'persistent'
          ? `models kept loaded${state.languageModel ? `, journaling language model at weight ${state.languageModel.weight.toFixed(2)}` : ''}`
          : state?.mode === 'starting'
            ? 'recogniser not started yet'
            : 'a recogniser process per recording';
      return `CMU PocketSphinx (embedded, offline, ${how}; transcripts are drafts)`;
    },
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
        return await recognise(wav);
      } finally {
        await rm(wav, { force: true });
      }
    },
  };
}
