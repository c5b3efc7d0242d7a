import type { FastifyInstance } from 'fastify';
import { outboxAccessOf, type Config } from './config/env';
import { openDatabase, type Database } from './db/client';
import { createJobQueue } from './jobs/job-queue';
import { AccountDataRegistry } from './modules/account/account-data.registry';
import { DashboardRegistry } from './modules/dashboard/dashboard.registry';
import type { TranscriptionEngine } from './modules/speech/transcription-engine';
import { createInProcessEventBus, type EventBus } from './realtime/event-bus';
import { createPostgresEventBus } from './realtime/postgres-event-bus';
import { ClientActionRegistry } from './realtime/client-actions';
import { RoomRegistry } from './realtime/rooms';

export interface InfrastructureOptions {
  config: Config;
  /** An open database (tests pass a cloned template); otherwise opened from the config. */
  database?: Database;
  /** Clock for the idle timeout and rate limits (tests move it forward). */
  now?: () => Date;
  /** Transcription engines in order of preference; default: STT_BASE_URL, then PocketSphinx. */
  speechEngines?: TranscriptionEngine[];
  /** A shared bus (tests of several instances in one process). */
  bus?: EventBus;
}

/**
 * What every module stands on: the database (migrated when this opened it), the event bus
 * (PostgreSQL's LISTEN/NOTIFY when there is one, else in process), rooms, the socket's client
 * actions (what modules accept from a browser, e.g. call signals), the job queue and the
 * registries modules add their parts to. `close` releases what this opened, not what was given.
 */
export async function openInfrastructure(app: FastifyInstance, options: InfrastructureOptions) {
  const { config } = options;
  // Before anything is opened: production without a way to send mail does not start.
  const outboxAccess = outboxAccessOf(config);
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  if (!options.database) await database.migrate();
  const bus =
    options.bus ??
    (database.pool && database.url
      ? createPostgresEventBus(database.pool, database.url, app.log)
      : createInProcessEventBus());
  return {
    config,
    database,
    db: database.db,
    log: app.log,
    now: options.now ?? (() => new Date()),
    bus,
    rooms: new RoomRegistry(),
    clientActions: new ClientActionRegistry(),
    jobs: createJobQueue({
      db: database.db,
      log: app.log,
      now: options.now,
      sole: database.kind === 'embedded',
    }),
    accountData: new AccountDataRegistry(),
    dashboard: new DashboardRegistry(),
    outboxAccess,
    speechEngines: options.speechEngines,
    async close() {
      if (!options.bus) await bus.close();
      if (!options.database) await database.close();
    },
  };
}
