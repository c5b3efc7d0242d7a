import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import type { Mailer } from '../mailer/mailer';
import type { TranscriptionQueue } from '../speech/transcription-queue';
import { registerHealthRoutes } from './health.routes';
import { registerPublicConfigRoutes } from './public-config.routes';

/** Liveness, readiness and the public configuration the web app reads first. */
export function registerHealth(
  app: FastifyInstance,
  deps: { database: Database; mailer: Mailer; speech: TranscriptionQueue; config: Config },
) {
  registerHealthRoutes(app, { ...deps, metricsToken: deps.config.METRICS_TOKEN });
  registerPublicConfigRoutes(app, deps.config);
}
