import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import { rowsOf, type Database } from '../../db/client';
import { requestTotals } from '../../http/metrics';
import { EVENT_BUS_APPLICATION_NAME } from '../../realtime/postgres-event-bus';
import type { SpeechService } from '../speech/speech.service';

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
  speech: Pick<SpeechService, 'status'>;
  realtime: { connectionCount(): number };
  now: () => Date;
}) {
  const { db } = deps.database;
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

  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n ?? 0);

  /**
   * Server instances running on this database. The embedded database belongs to one process: 1.
   * On PostgreSQL every instance holds one event-bus LISTEN connection under a known
   * application_name for as long as it runs (a crashed instance's connection goes with it), so
   * those connections to this database are the instances; no heartbeat table to go stale.
   */
  async function runningInstances(): Promise<number> {
    if (deps.database.kind === 'embedded') return 1;
    return count(sql`
      select count(*) as n from pg_stat_activity
       where datname = current_database() and application_name = ${EVENT_BUS_APPLICATION_NAME}`);
  }

  return {
    start() {
      void sample();
      const timer = setInterval(() => void sample().catch(() => undefined), SAMPLE_MS);
      timer.unref();
      return () => clearInterval(timer);
    },

    async overview() {
      const now = deps.now().toISOString();
      const [
        totalUsers,
        administrators,
        activeClients,
        activeSessions,
        jobsWaiting,
        pendingAccessRequests,
      ] = await Promise.all([
        count(sql`select count(*) as n from users`),
        count(sql`select count(distinct user_id) as n from user_roles where role = 'admin'`),
        count(sql`
            select count(distinct r.user_id) as n from user_roles r
              left join account_flags f on f.user_id = r.user_id
             where r.role = 'client' and f.disabled_at is null`),
        count(sql`select count(*) as n from sessions where expires_at > ${now}`),
        count(sql`select count(*) as n from jobs where status = 'queued'`),
        count(sql`select count(*) as n from care_relationships where status = 'pending'`),
      ]);
      return {
        totalUsers,
        administrators,
        activeClients,
        // Relationships proposed and not yet answered (modules/care).
        pendingAccessRequests,
        activeSessions,
        jobsWaiting,
      };
    },

    async health() {
      const started = Date.now();
      await deps.database.ping();
      const pingMs = Date.now() - started;
      const [size, migrations, speech, totals, analysisQueue, instances] = await Promise.all([
        count(sql`select pg_database_size(current_database()) as n`).catch(() => null),
        count(sql`select count(*) as n from drizzle.__drizzle_migrations`).catch(() => null),
        deps.speech.status(),
        requestTotals(deps.app.metrics),
        count(
          sql`select count(*) as n from jobs where kind like 'analysis%' and status = 'queued'`,
        ),
        runningInstances(),
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
