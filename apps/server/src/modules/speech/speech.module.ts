import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import type { FilesService } from '../files/files.service';
import { defaultSpeechEngines } from './default-engines';
import { registerSpeechRoutes } from './speech.routes';
import { createActiveEngine } from './active-engine';
import { createTranscribeAudio, type TranscribeAudio } from './transcribe-audio';
import type { TranscriptionEngine } from './transcription-engine';
import { createTranscriptionJobsRepository } from './transcription-jobs.repository';
import { createTranscriptionQueue, type TranscriptionQueue } from './transcription-queue';

/**
 * The transcription queue features hand audio to (voice notes, chat voice messages), and the
 * spec's transcribe-audio call; both use one engine, looked for once (active-engine.ts).
 */
export function createSpeech(deps: {
  db: Db;
  files: FilesService;
  bus: EventBus;
  jobs: JobQueue;
  config: Config;
  /** Engines in order of preference; default: STT_BASE_URL, then PocketSphinx. */
  speechEngines?: TranscriptionEngine[];
  log: FastifyBaseLogger;
}) {
  const engine = createActiveEngine({
    engines: deps.speechEngines ?? defaultSpeechEngines(deps.config),
    log: deps.log,
  });
  // One job (or transcribe-audio call) per core, leaving one core to the web server.
  const concurrency = Math.max(1, availableParallelism() - 1);
  const speech = createTranscriptionQueue({
    engine,
    jobs: createTranscriptionJobsRepository(deps.db),
    queue: deps.jobs,
    files: deps.files,
    bus: deps.bus,
    log: deps.log,
    concurrency,
  });
  const transcribeAudio = createTranscribeAudio({ engine, log: deps.log, concurrency });
  return { speech, transcribeAudio };
}

export function registerSpeech(
  app: FastifyInstance,
  deps: { speech: Pick<TranscriptionQueue, 'status'>; transcribeAudio: TranscribeAudio },
) {
  registerSpeechRoutes(app, deps);
}
