import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mailer';

/** Liveness, and readiness with which optional parts are available. */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { database: Database; mailer: Mailer },
) {
  app.get('/healthz', () => Promise.resolve({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    let database: 'ok' | 'unavailable' = 'ok';
    try {
      await deps.database.ping();
    } catch {
      database = 'unavailable';
    }
    const ready = database === 'ok';
    reply.status(ready ? 200 : 503);
    return {
      status: ready ? 'ready' : 'not_ready',
      database: { status: database, kind: deps.database.kind },
      mail: {
        mode: deps.mailer.mode,
        detail:
          deps.mailer.mode === 'smtp'
            ? 'Mail is sent through SMTP_URL.'
            : 'No SMTP_URL set: mail is kept in the local outbox at /dev/mailbox.',
      },
      // Filled in by the speech issue; until then nothing can transcribe.
      transcription: {
        available: false,
        detail: 'Transcription is not available yet. See README "Enabling transcription".',
      },
    };
  });
}
