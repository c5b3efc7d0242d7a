import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FeatureToggle } from '@kaleido/shared/admin/admin.constants';
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
import { createCallConfig } from './call-config';
import { createCallsRealtime } from './call-events';
import { createCallHistory } from './call-history';
import { createCallHistoryRepository } from './call-history.repository';
import { createCallPlacing } from './call-placing';
import { CALL_TIMEOUT_JOB, createCallRinging } from './call-ringing';
import { createCallSignalling } from './call-signalling';
import { createCallTranscriptConsent } from './call-transcript-consent';
import { registerCallTranscriptContent } from './call-transcript-content';
import { CALL_TRANSCRIPT_TARGET, createCallTranscriptRecording } from './call-transcript-recording';
import { createCallTranscripts } from './call-transcripts';
import { createCallTranscriptsRepository } from './call-transcripts.repository';
import { registerCallsAccountData } from './calls-account-data';
import { registerCallsDashboard } from './calls-dashboard';
import { createCallsRepository } from './calls.repository';
import { registerCallsRoutes } from './calls.routes';

/**
 * One-to-one calls (issue #12): the signalling state machine behind the socket's `call` action,
 * the ring timeout on the job queue, the history routes and the person's data. What happens to a
 * call reaches both people's rooms through one subscriber (call-events.ts).
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
    /** The instance's feature toggles: video calls only while video input is on. */
    instanceSettings: { feature: (toggle: FeatureToggle) => Promise<boolean> };
    now: () => Date;
  },
) {
  const repository = createCallsRepository(deps.db);
  const records = createCallHistoryRepository(deps.db);
  const lines = createCallTranscriptsRepository(deps.db);
  const events = createCallsRealtime({ bus: deps.bus });
  const { now } = deps;

  const placing = createCallPlacing({
    repository,
    events,
    jobs: deps.jobs,
    notifications: deps.notifications,
    rateLimits: deps.rateLimits,
    now,
    log: app.log,
    mayReach: (userId, otherId) => deps.directory.mayReach(userId, otherId),
    videoInput: () => deps.instanceSettings.feature('video_input'),
  });
  const ringing = createCallRinging({
    repository,
    events,
    jobs: deps.jobs,
    notifications: deps.notifications,
    now,
    log: app.log,
  });
  const consent = createCallTranscriptConsent({ calls: repository, events, now });
  const signalling = createCallSignalling({
    repository,
    events,
    placing,
    ringing,
    transcripts: consent,
    now,
  });
  deps.clientActions.register('call', (userId, signal) => signalling.signal(userId, signal));
  deps.jobs.define(
    CALL_TIMEOUT_JOB,
    { payload: z.object({ callId: z.uuid() }), maxAttempts: 5, backoffMs: () => 2_000 },
    ({ callId }) => ringing.ringTimedOut(callId),
  );

  const recording = createCallTranscriptRecording({
    calls: repository,
    lines,
    events,
    files: deps.files,
    speech: deps.speech,
    content: deps.contentEvents,
    rateLimits: deps.rateLimits,
    now,
  });
  deps.speech.registerTarget(CALL_TRANSCRIPT_TARGET, {
    onTranscribed: (lineId, text) => recording.transcribed(lineId, text),
    onFailed: (lineId) => recording.transcribed(lineId, null),
  });
  registerCallTranscriptContent(deps.contentEvents, { calls: repository, lines });

  const history = createCallHistory({ repository, history: records, events, now });
  registerCallsAccountData(deps.accountData, { history, records, lines, files: deps.files });
  registerCallsDashboard(deps.dashboard, records);
  registerCallsRoutes(app, {
    history,
    callConfig: createCallConfig({
      iceServers: deps.config.iceServers,
      turn: deps.config.TURN_SECRET
        ? { secret: deps.config.TURN_SECRET, ttlSeconds: deps.config.TURN_CREDENTIAL_TTL_SECONDS }
        : null,
      now,
    }),
    transcripts: createCallTranscripts({
      calls: repository,
      lines,
      events,
      content: deps.contentEvents,
      now,
    }),
    recording,
  });
  // What tests reach into: a signal as if it came over a socket.
  return signalling;
}
