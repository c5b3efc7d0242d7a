import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import type { FilesService } from '../files/files.service';
import { defaultSpeechEngines } from './default-engines';
import { registerSpeechRoutes } from './speech.routes';
import { createSpeechService, type SpeechService } from './speech.service';
import type { TranscriptionEngine } from './transcription-engine';
import { createTranscriptionJobsRepository } from './transcription-jobs.repository';

/** The transcription queue features hand audio to (voice notes, chat voice messages). */
export function createSpeech(deps: {
  db: Db;
  files: FilesService;
  bus: EventBus;
  jobs: JobQueue;
  config: Config;
  /** Engines in order of preference; default: STT_BASE_URL, then PocketSphinx. */
  speechEngines?: TranscriptionEngine[];
  log: FastifyBaseLogger;
}): SpeechService {
  return createSpeechService({
    engines: deps.speechEngines ?? defaultSpeechEngines(deps.config),
    jobs: createTranscriptionJobsRepository(deps.db),
    queue: deps.jobs,
    files: deps.files,
    bus: deps.bus,
    log: deps.log,
    // One job per core, leaving one core to the web server.
    concurrency: Math.max(1, availableParallelism() - 1),
  });
}

export function registerSpeech(app: FastifyInstance, deps: { speech: SpeechService }) {
  registerSpeechRoutes(app, deps.speech);
}
