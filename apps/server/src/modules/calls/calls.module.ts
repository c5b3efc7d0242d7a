import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { ClientActionRegistry } from '../../realtime/client-actions';
import type { EventBus } from '../../realtime/event-bus';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import type { ContentEvents } from '../content/content-events';
import type { FilesService } from '../files/files.service';
import type { SpeechService } from '../speech/speech.service';
import type { UsersService } from '../users/users.service';
import { createCallTranscriptsRepository } from './call-transcripts.repository';
import { createCallTranscriptsService } from './call-transcripts.service';
import { registerCallsAccountData } from './calls-account-data';
import { registerCallsDashboard } from './calls-dashboard';
import { createCallsRepository } from './calls.repository';
import { registerCallsRoutes } from './calls.routes';
import { CALL_TIMEOUT_JOB, createCallsService } from './calls.service';

/**
 * One-to-one calls (issue #12): the signalling state machine behind the socket's `call` action,
 * the ring timeout on the job queue, the history routes and the person's data.
 */
export function registerCalls(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    bus: EventBus;
    jobs: JobQueue;
    clientActions: ClientActionRegistry;
    notifications: Pick<NotificationsService, 'notify'>;
    rateLimits: RateLimitService;
    accountData: AccountDataRegistry;
    dashboard: DashboardRegistry;
    files: FilesService;
    speech: SpeechService;
    contentEvents: ContentEvents;
    directory: Pick<UsersService, 'mayReach'>;
    now: () => Date;
  },
) {
  const repository = createCallsRepository(deps.db);
  const transcripts = createCallTranscriptsService({
    calls: repository,
    lines: createCallTranscriptsRepository(deps.db),
    bus: deps.bus,
    files: deps.files,
    speech: deps.speech,
    content: deps.contentEvents,
    rateLimits: deps.rateLimits,
    now: deps.now,
  });
  const calls = createCallsService({
    repository,
    bus: deps.bus,
    jobs: deps.jobs,
    notifications: deps.notifications,
    rateLimits: deps.rateLimits,
    iceServers: deps.config.iceServers,
    turn: deps.config.TURN_SECRET
      ? { secret: deps.config.TURN_SECRET, ttlSeconds: deps.config.TURN_CREDENTIAL_TTL_SECONDS }
      : null,
    now: deps.now,
    log: app.log,
    transcriptConsent: (userId, signal) => transcripts.consent(userId, signal),
    mayReach: (userId, otherId) => deps.directory.mayReach(userId, otherId),
  });
  deps.clientActions.register('call', (userId, signal) => calls.signal(userId, signal));
  // What a person said in a call (their own transcript lines) is analysed like what they write.
  deps.contentEvents.registerSource('call', {
    load: (id) => transcripts.contentOf(id),
    idsOf: (userId) => transcripts.contentIdsOf(userId),
  });
  deps.jobs.define(
    CALL_TIMEOUT_JOB,
    { payload: z.object({ callId: z.uuid() }), maxAttempts: 5, backoffMs: () => 2_000 },
    ({ callId }) => calls.ringTimedOut(callId),
  );
  registerCallsAccountData(deps.accountData, calls, transcripts, repository);
  registerCallsDashboard(deps.dashboard, repository);
  registerCallsRoutes(app, { calls, transcripts });
  return calls;
}
