import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onPath, run } from './process';
import { AudioDecodeError, type TranscriptionEngine } from './transcription-engine';

/**
 * The embedded engine: Debian's ffmpeg decodes any container to 16 kHz mono PCM, then CMU
 * PocketSphinx recognises it. Both run as processes with time limits, on files rather than
 * pipes (pocketsphinx reads its input by name), and the temporary file is always removed.
 * Measured here about 38 % word errors on natural speech: the UI shows its text as a draft.
 */
export function createPocketSphinxEngine(): TranscriptionEngine {
  return {
    name: 'pocketsphinx',
    description: 'CMU PocketSphinx (embedded, offline; transcripts are drafts)',
    async available() {
      return (await onPath('ffmpeg')) && (await onPath('pocketsphinx_continuous'));
    },
    async transcribe(audioPath) {
      const workDir = join(tmpdir(), 'kaleido-stt');
      await mkdir(workDir, { recursive: true });
      const wav = join(workDir, `${randomUUID()}.wav`);
      try {
        try {
          await run(
            'ffmpeg',
            [
              '-nostdin',
              '-loglevel',
              'error',
              '-y',
              '-i',
              audioPath,
              '-ar',
              '16000',
              '-ac',
              '1',
              '-c:a',
              'pcm_s16le',
              wav,
            ],
            120_000,
          );
        } catch (error) {
          throw new AudioDecodeError(`The audio could not be decoded: ${(error as Error).message}`);
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
