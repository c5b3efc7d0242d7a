import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { usableTimezone } from '../../lib/timezone';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { ContentEvents } from '../content/content-events';
import { registerInsightsAccountData } from './insights-account-data';
import { createAnalysisRepository } from './analysis.repository';
import { registerInsightsRoutes } from './insights.routes';
import { createAnalysisService } from './analysis.service';
import { createDailyRollups } from './daily-rollups';
import { createRollupsRepository } from './rollups.repository';
import { createInsightsService } from './insights.service';
import { createReflectionWriter } from './reflection-writer';

/**
 * Analysis and insights (DESIGN §9): listens to what people write (modules/content), analyses
 * it in `analysis` jobs, and answers the person's insights. Registered after the features that
 * say what was written.
 */
export function registerInsights(
  app: FastifyInstance,
  deps: {
    db: Db;
    jobs: JobQueue;
    bus: EventBus;
    contentEvents: ContentEvents;
    accountData: AccountDataRegistry;
    profiles: {
      find(userId: string): Promise<{ timezone: string; emoTonePreference: string } | null>;
    };
    log: FastifyBaseLogger;
    /** False: this instance leaves `analysis` jobs to others (tests of other features). */
    runsJobs?: boolean;
    instanceSettings: { feature(toggle: 'realtime_analysis'): Promise<boolean> };
    config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>;
    /** The instance's secret (card ids: card-provenance.ts). */
    authSecret: string;
    now: () => Date;
  },
) {
  const repository = createAnalysisRepository(deps.db);
  const rollups = createDailyRollups({ db: deps.db, now: deps.now });
  const timezoneOf = async (userId: string) =>
    usableTimezone((await deps.profiles.find(userId))?.timezone);
  const { LLM_BASE_URL, LLM_MODEL, LLM_API_KEY } = deps.config;
  const reflections =
    LLM_BASE_URL && LLM_MODEL
      ? createReflectionWriter({
          baseUrl: LLM_BASE_URL,
          model: LLM_MODEL,
          apiKey: LLM_API_KEY,
          log: deps.log,
          store: {
            find: (userId, week) => repository.reflectionOf(userId, week),
            save: (userId, week, kept) =>
              repository.saveReflection({ userId, week, ...kept, writtenAt: deps.now() }),
          },
          onWritten: (userId) =>
            deps.bus.publish({
              room: userRoom(userId),
              name: 'insights.updated',
              data: { reason: 'reflection' },
            }),
        })
      : null;
  const analysis = createAnalysisService({
    repository,
    content: deps.contentEvents,
    jobs: deps.jobs,
    bus: deps.bus,
    log: deps.log,
    runsJobs: deps.runsJobs ?? true,
    realtimeAnalysis: () => deps.instanceSettings.feature('realtime_analysis'),
    llmAvailable: reflections !== null,
    rollups,
    timezoneOf,
    now: deps.now,
  });
  const insights = createInsightsService({
    repository,
    analysis,
    profiles: deps.profiles,
    bus: deps.bus,
    reflections,
    rollups,
    rollupsRepository: createRollupsRepository(deps.db),
    secret: deps.authSecret,
    now: deps.now,
  });
  registerInsightsAccountData(deps.accountData, analysis);
  registerInsightsRoutes(app, { analysis, insights });
  analysis.prepareCardsWith((userId) => insights.prepareCards(userId));
  return { analysis, insights };
}
