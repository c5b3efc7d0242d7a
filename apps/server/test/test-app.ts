import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type KaleidoApp } from '../src/app';
import { loadConfig, type Config } from '../src/config/env';
import type { Database } from '../src/db/client';
import type { TranscriptionEngine } from '../src/modules/speech/transcription-engine';
import { createTestDatabase } from './test-database';

export interface TestApp extends KaleidoApp {
  config: Config;
  clock: TestClock;
  close(): Promise<void>;
}

/** A clock tests can move forward (idle timeout, rate-limit windows) without waiting. */
export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    database?: Database;
    speechEngines?: TranscriptionEngine[];
    /** Run analysis jobs (off unless a test of analysis asks). */
    analysisWorker?: boolean;
    /** A web build to serve (none unless a test of the pages asks). */
    webDist?: string;
  } = {},
): Promise<TestApp> {
  // A DATA_DIR passed in outlives the app (a restart keeps its files).
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'kaleido-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://kaleido.test',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    ...env,
  });
  let offset = 0;
  const clock: TestClock = {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
  // A database passed in belongs to the caller (several instances on one database).
  const database = options.database ?? (await createTestDatabase());
  const built = await buildApp({
    config,
    database,
    webDist: options.webDist ?? null,
    now: clock.now,
    logger: false,
    // No engine unless a test asks for one, so background jobs never surprise other tests.
    speechEngines: options.speechEngines ?? [],
    analysisWorker: options.analysisWorker ?? false,
  });
  await built.app.ready();
  return {
    ...built,
    config,
    clock,
    async close() {
      await built.app.close();
      if (!options.database) await database.close();
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
