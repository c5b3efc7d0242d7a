import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { requestTotals } from '../../http/metrics';
import type { TranscriptionQueue } from '../speech/transcription-queue';
import { createHealthRepository } from './health.repository';

/** One sample per SAMPLE_MS, kept for HISTORY_HOURS: the health charts. */
const SAMPLE_MS = 60_000;
const HISTORY_HOURS = 6;

export interface HealthSample {
  at: string;
  requests: number;
  errors: number;
  avgLatencyMs: number | null;
}

export type ConsoleHealth = ReturnType<typeof createConsoleHealth>;

/**
 * The console's overview and health: real counts, database, migrations, mail, transcription,
 * sockets, and request figures from /metrics' registry sampled once a minute (this instance).
 */
export function createConsoleHealth(deps: {
  app: FastifyInstance;
  database: Database;
  config: Config;
  speech: Pick<TranscriptionQueue, 'status'>;
  realtime: { connectionCount(): number };
  now: () => Date;
}) {
  const samples: HealthSample[] = [];
  let last: Awaited<ReturnType<typeof requestTotals>> | null = null;

  async function sample() {
    const totals = await requestTotals(deps.app.metrics);
    if (last) {
      const count = totals.count - last.count;
      samples.push({
        at: new Date().toISOString(),
        requests: totals.requests - last.requests,
        errors: totals.errors - last.errors,
        avgLatencyMs: count > 0 ? ((totals.seconds - last.seconds) / count) * 1000 : null,
      });
      while (samples.length > (HISTORY_HOURS * 3_600_000) / SAMPLE_MS) samples.shift();
    }
    last = totals;
  }

  const repository = createHealthRepository(deps.database);

  return {
    start() {
      void sample();
      const timer = setInterval(() => void sample().catch(() => undefined), SAMPLE_MS);
      timer.unref();
      return () => clearInterval(timer);
    },

    async overview() {
      // pendingAccessRequests: relationships proposed and not yet answered (modules/care).
      return repository.overviewCounts(deps.now().toISOString());
    },

    async health() {
      const started = Date.now();
      await deps.database.ping();
      const pingMs = Date.now() - started;
      const [size, migrations, speech, totals, analysisQueue, instances] = await Promise.all([
        repository.databaseSize(),
        repository.migrationsApplied(),
        deps.speech.status(),
        requestTotals(deps.app.metrics),
        repository.queuedAnalysisJobs(),
        repository.runningInstances(),
      ]);
      return {
        database: {
          kind: deps.database.kind,
          sizeBytes: size,
          pingMs,
          migrationsApplied: migrations,
        },
        mail: { mode: deps.config.SMTP_URL ? 'smtp' : 'outbox' },
        transcription: { engine: speech.engine, available: speech.available, queue: speech.queue },
        analysis: { queue: analysisQueue },
        realtime: { connections: deps.realtime.connectionCount() },
        instances,
        requests: {
          total: totals.requests,
          serverErrors: totals.errors,
          errorRate: totals.requests > 0 ? totals.errors / totals.requests : 0,
          avgLatencyMs: totals.count > 0 ? (totals.seconds / totals.count) * 1000 : null,
        },
        history: samples,
      };
    },
  };
}
