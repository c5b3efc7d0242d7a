import type { FastifyBaseLogger } from 'fastify';
import { probeDurationSeconds } from './audio-probe';
import { AudioTooLongError, type TranscriptionEngine } from './transcription-engine';

export type ActiveEngine = ReturnType<typeof createActiveEngine>;

const ENGINE_RECHECK_MS = 30_000;

/**
 * The engine transcription uses: the first of `engines` (in order of preference) that is
 * available, kept once found; while there is none, looked for again every 30 s. Queued jobs,
 * the transcribe-audio call and the status all ask this one.
 */
export function createActiveEngine(deps: {
  engines: TranscriptionEngine[];
  log: Pick<FastifyBaseLogger, 'info'>;
}) {
  let engine: TranscriptionEngine | null = null;
  let engineCheckedAt = 0;
  let checking: Promise<TranscriptionEngine | null> | null = null;

  return {
    current(): Promise<TranscriptionEngine | null> {
      if (engine) return Promise.resolve(engine);
      // Callers during a check share it, rather than seeing "none" before it has finished.
      if (checking) return checking;
      if (Date.now() - engineCheckedAt < ENGINE_RECHECK_MS) return Promise.resolve(null);
      engineCheckedAt = Date.now();
      checking = (async () => {
        for (const candidate of deps.engines) {
          if (await candidate.available()) {
            engine = candidate;
            deps.log.info({ engine: candidate.name }, 'transcription engine available');
            break;
          }
        }
        return engine;
      })().finally(() => {
        checking = null;
      });
      return checking;
    },
  };
}

/**
 * Refuses audio longer than the cap before an engine decodes it; what the container does not
 * say is caught by the engine's own cap while decoding.
 */
export async function transcribeWithin(
  engine: TranscriptionEngine,
  path: string,
  maxSeconds: number,
) {
  const seconds = await probeDurationSeconds(path, maxSeconds);
  if (seconds !== null && seconds > maxSeconds) throw new AudioTooLongError(maxSeconds);
  return engine.transcribe(path, { maxSeconds });
}
