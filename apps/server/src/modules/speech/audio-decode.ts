import { run } from './process';

/** The recogniser's input: 16 kHz mono 16-bit PCM. */
export const DECODE_SAMPLE_RATE = 16_000;
/** Silence added after the audio, so a last word that ran into the stop button still ends. */
export const TRAILING_PAD_SECONDS = 0.5;
/**
 * EBU R128 programme loudness (LUFS), the broadcast standard: every recording reaches the
 * recogniser at one level, whether a browser's auto gain pushed it to clipping or a quiet
 * microphone left it faint (decision 031 has the figures).
 */
export const TARGET_LOUDNESS_LUFS = -23;

/**
 * The ffmpeg audio filter chain from any input to the recogniser: loudness normalised (loudnorm
 * works on the audio at its own rate, e.g. opus's 48 kHz), then one resampling to 16 kHz with
 * the SoX resampler when this ffmpeg has it (otherwise swresample with a long filter), then the
 * trailing silence.
 */
export function decodeFilter(options: { soxr: boolean }): string {
  const resample = options.soxr
    ? `aresample=${DECODE_SAMPLE_RATE}:resampler=soxr:precision=28`
    : `aresample=${DECODE_SAMPLE_RATE}:filter_size=64:phase_shift=10:cutoff=0.97`;
  return [
    `loudnorm=I=${TARGET_LOUDNESS_LUFS}:LRA=11:TP=-2`,
    resample,
    `apad=pad_dur=${TRAILING_PAD_SECONDS}`,
  ].join(',');
}

/**
 * ffmpeg's arguments turning `input` into the recogniser's WAV at `output`: at most
 * `maxSeconds` + 1 s of the input is read (the caller checks the length), the output file can
 * never pass `maxBytes`, and the WAV header is the plain 44 bytes pocketsphinx skips (no
 * encoder tag, which it would read as samples).
 */
export function decodeArgs(
  input: string,
  output: string,
  limits: { maxSeconds: number; maxBytes: number; soxr: boolean },
): string[] {
  return [
    ...['-nostdin', '-loglevel', 'error', '-y'],
    ...['-t', String(limits.maxSeconds + 1), '-i', input],
    ...['-vn', '-af', decodeFilter({ soxr: limits.soxr })],
    ...['-ar', String(DECODE_SAMPLE_RATE), '-ac', '1', '-c:a', 'pcm_s16le'],
    ...['-fs', String(limits.maxBytes), '-fflags', '+bitexact', '-flags:a', '+bitexact'],
    output,
  ];
}

let soxr: Promise<boolean> | undefined;

/** Whether this ffmpeg was built with the SoX resampler (Debian's is); asked once. */
export function ffmpegHasSoxr(): Promise<boolean> {
  soxr ??= run('ffmpeg', ['-hide_banner', '-buildconf'], 30_000).then(
    (output) => output.includes('--enable-libsoxr'),
    () => false,
  );
  return soxr;
}
