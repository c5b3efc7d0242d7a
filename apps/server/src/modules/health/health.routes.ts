import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { isOperatorRequest } from '../../http/metrics';
import type { Mailer } from '../mailer/mailer';
import type { TranscriptionQueue } from '../speech/transcription-queue';

/**
 * Liveness, and readiness with which optional parts are available. The parts (database kind, mail
 * mode, speech engine, queue counts) are for the operator: this machine or the METRICS_TOKEN
 * bearer, as /metrics. Anyone else (a load balancer's probe) gets the status code and the status.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { database: Database; mailer: Mailer; speech: TranscriptionQueue; metricsToken?: string },
) {
  app.get('/healthz', () => Promise.resolve({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    let database: 'ok' | 'unavailable' = 'ok';
    try {
      await deps.database.ping();
    } catch {
      database = 'unavailable';
    }
    const ready = database === 'ok';
    reply.status(ready ? 200 : 503).header('cache-control', 'no-store');
    const status = ready ? 'ready' : 'not_ready';
    if (!isOperatorRequest(request, deps.metricsToken)) return { status };
    return {
      status,
      database: { status: database, kind: deps.database.kind },
      mail: {
        mode: deps.mailer.mode,
        detail:
          deps.mailer.mode === 'smtp'
            ? 'Mail is sent through SMTP_URL.'
            : 'No SMTP_URL set: mail is kept in the local outbox at /dev/mailbox.',
      },
      transcription: await transcriptionStatus(deps.speech),
    };
  });
}

async function transcriptionStatus(speech: TranscriptionQueue) {
  try {
    const status = await speech.status();
    return {
      available: status.available,
      engine: status.engine,
      detail: status.detail,
      queue: status.queue,
    };
  } catch {
    return {
      available: false,
      engine: null,
      detail: 'Transcription status is unknown (database unavailable).',
    };
  }
}
