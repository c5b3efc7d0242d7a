import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { usableTimezone } from '../../lib/timezone';
import type { EventBus } from '../../realtime/event-bus';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { ContentEvents } from '../content/content-events';
import { createAnalysedItemsRepository } from './analysed-items.repository';
import { registerAnalysisJobs } from './analysis-jobs';
import { createAnalysisSharedReads } from './analysis-shared.repository';
import { createCardComputation } from './card-computation';
import { createCardEvidenceRepository } from './card-evidence.repository';
import { createCardsForReader } from './cards-for-reader';
import { createDailyRollups } from './daily-rollups';
import { createDerivedData } from './derived-data';
import { createDerivedDataRepository } from './derived-data.repository';
import { createDisputesRepository } from './disputes.repository';
import { createInsightCards } from './insight-cards';
import { createInsightContexts } from './insight-context';
import { createInsightDisputes } from './insight-disputes';
import { registerInsightsAccountData } from './insights-account-data';
import { createInsightsAnnouncements } from './insights-announcements';
import { createInsightsSettings } from './insights-settings';
import { createInsightsSettingsRepository } from './insights-settings.repository';
import { registerInsightsRoutes } from './insights.routes';
import { createItemAnalysis } from './item-analysis';
import { createPersonalModelLearning } from './personal-model-learning';
import { createPersonalModelRepository } from './personal-model.repository';
import { createPersonalityQuestionnaire } from './personality-questionnaire';
import { createPersonalityRepository } from './personality.repository';
import { createReflectionWriter } from './reflection-writer';
import { createReflectionsRepository } from './reflections.repository';
import { createRollupsRepository } from './rollups.repository';

/**
 * Insights (DESIGN §9): listens to what people write (modules/content), analyses it in
 * `analysis` jobs, and answers the person's insights. Registered after the features that say
 * what was written.
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
  const { db, jobs, bus, log, now } = deps;
  const repositories = {
    items: createAnalysedItemsRepository(db),
    settings: createInsightsSettingsRepository(db),
    disputes: createDisputesRepository(db),
    models: createPersonalModelRepository(db),
    personality: createPersonalityRepository(db),
    reflections: createReflectionsRepository(db),
    derived: createDerivedDataRepository(db),
  };
  const rollups = createDailyRollups({ db, now });
  const announcements = createInsightsAnnouncements({ bus, log });
  const timezoneOf = async (userId: string) =>
    usableTimezone((await deps.profiles.find(userId))?.timezone);
  const { LLM_BASE_URL, LLM_MODEL, LLM_API_KEY } = deps.config;
  const reflections =
    LLM_BASE_URL && LLM_MODEL
      ? createReflectionWriter({
          baseUrl: LLM_BASE_URL,
          model: LLM_MODEL,
          apiKey: LLM_API_KEY,
          log,
          store: {
            find: (userId, week) => repositories.reflections.reflectionOf(userId, week),
            save: (userId, week, kept) =>
              repositories.reflections.saveReflection({ userId, week, ...kept, writtenAt: now() }),
          },
          onWritten: (userId) => announcements.announce(userId, { reason: 'reflection' }),
        })
      : null;
  const learning = createPersonalModelLearning({ ...repositories, now });
  const analysis = createItemAnalysis({
    ...repositories,
    content: deps.contentEvents,
    learning,
    announcements,
    log,
    rollups,
    timezoneOf,
    now,
  });
  registerAnalysisJobs({
    analysis,
    settings: repositories.settings,
    content: deps.contentEvents,
    jobs,
    log,
    runsJobs: deps.runsJobs ?? true,
    realtimeAnalysis: () => deps.instanceSettings.feature('realtime_analysis'),
  });
  const contexts = createInsightContexts({ profiles: deps.profiles, secret: deps.authSecret, now });
  const computation = createCardComputation({
    rollups,
    rollupsRepository: createRollupsRepository(db),
    evidence: createCardEvidenceRepository(db),
    settings: repositories.settings,
    contexts,
    bus,
  });
  // The analysis job prepares the cards someone is looking at before it announces a change.
  announcements.prepareCardsWith((userId) => computation.prepareCards(userId));
  const cards = createInsightCards({ ...repositories, computation, contexts, reflections });
  const settings = createInsightsSettings({
    settings: repositories.settings,
    jobs,
    announcements,
    llmAvailable: reflections !== null,
    now,
  });
  const shared = { ...repositories, contexts, announcements, learning };
  registerInsightsRoutes(app, {
    cards,
    settings,
    derived: createDerivedData({ ...shared, content: deps.contentEvents, jobs, log }),
    disputes: createInsightDisputes({ ...shared, cards, now }),
    personality: createPersonalityQuestionnaire({ ...repositories, now }),
  });
  registerInsightsAccountData(deps.accountData, { ...repositories, rollups, announcements });
  return {
    analysis,
    /** What another reader (care) may ask: figures per item, and cards as that reader may have them. */
    sharedReads: createAnalysisSharedReads(db),
    cardsForReader: createCardsForReader({ ...repositories, cards }),
  };
}
