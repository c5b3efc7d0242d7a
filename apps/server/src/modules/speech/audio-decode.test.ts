import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodeArgs,
  decodeFilter,
  ffmpegHasSoxr,
  TARGET_LOUDNESS_LUFS,
  TRAILING_PAD_SECONDS,
} from './audio-decode';

describe('the decode filter chain', () => {
  it('normalises loudness at the capture rate, resamples once to 16 kHz, then pads silence', () => {
    expect(decodeFilter({ soxr: true })).toBe(
      `loudnorm=I=${TARGET_LOUDNESS_LUFS}:LRA=11:TP=-2,` +
        'aresample=16000:resampler=soxr:precision=28,' +
        `apad=pad_dur=${TRAILING_PAD_SECONDS}`,
    );
    expect(decodeFilter({ soxr: false })).toContain(
      'aresample=16000:filter_size=64:phase_shift=10:cutoff=0.97',
    );
  });

  it('limits the input read before -i and the output size, with a plain WAV header', () => {
    const args = decodeArgs('in.webm', 'out.wav', { maxSeconds: 60, maxBytes: 1000, soxr: true });
    expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 4)).toEqual([
      '-t',
      '61',
      '-i',
      'in.webm',
    ]);
    expect(args).toEqual(expect.arrayContaining(['-fs', '1000', '-ar', '16000', '-ac', '1']));
    expect(args.at(-1)).toBe('out.wav');
  });
});

describe('the decode, run by this ffmpeg', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaleido-decode-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes 16 kHz mono PCM with a 44-byte header, half a second longer than the input', async () => {
    const input = join(dir, 'tone.webm');
    execFileSync('ffmpeg', [
      ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-af', 'volume=0.05', '-c:a', 'libopus', '-ar', '48000', input],
    ]);
    const output = join(dir, 'out.wav');
    const soxr = await ffmpegHasSoxr();
    execFileSync(
      'ffmpeg',
      decodeArgs(input, output, { maxSeconds: 10, maxBytes: 1_000_000, soxr }),
    );
    const header = readFileSync(output).subarray(0, 44);
    expect(header.subarray(36, 40).toString('latin1')).toBe('data');
    expect(header.readUInt32LE(24)).toBe(16_000);
    expect(header.readUInt16LE(22)).toBe(1);
    const seconds = (statSync(output).size - 44) / 32_000;
    expect(seconds).toBeGreaterThan(2 + TRAILING_PAD_SECONDS - 0.05);
    expect(seconds).toBeLessThan(2 + TRAILING_PAD_SECONDS + 0.1);
  });
});
