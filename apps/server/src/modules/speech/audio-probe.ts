import { onPath, run } from './process';

/**
 * How long the audio is, in seconds, looking no further than `capSeconds` past its start; null
 * when ffmpeg is missing or cannot read it (the engine then reports undecodable audio). The
 * container's own figure is used when it has one; a stream without one (a browser's webm, FLAC
 * written to a pipe) is decoded to nowhere — CPU for at most `capSeconds` of audio, no disk.
 */
export async function probeDurationSeconds(
  audioPath: string,
  capSeconds: number,
): Promise<number | null> {
  if (!(await onPath('ffprobe')) || !(await onPath('ffmpeg'))) return null;
  try {
    const declared = await run(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', audioPath],
      30_000,
    );
    const seconds = Number.parseFloat(declared.trim());
    if (Number.isFinite(seconds)) return seconds;
    const progress = await run(
      'ffmpeg',
      [
        ...['-nostdin', '-v', 'error', '-i', audioPath, '-t', String(capSeconds + 1)],
        ...['-vn', '-f', 'null', '-progress', 'pipe:1', '-nostats', '-'],
      ],
      120_000,
    );
    const lastTime = [...progress.matchAll(/^out_time_us=(\d+)$/gm)].at(-1)?.[1];
    return lastTime === undefined ? null : Number(lastTime) / 1_000_000;
  } catch {
    return null;
  }
}
