import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config, OutboxAccess } from './config/env';
import type { Database, Db } from './db/client';
import { registerSessionGuard } from './http/session-guard';
import type { AccountDataRegistry } from './modules/account/account-data.registry';
import type { DashboardRegistry } from './modules/dashboard/dashboard.registry';
import {
  createAccountStatus,
  createAudit,
  createInstanceSettings,
} from './modules/admin/admin.module';
import { createIdentity } from './modules/identity/identity.module';
import { createDirectory } from './modules/users/users.module';
import { createAuth } from './modules/auth/auth.module';
import { createFileFinders } from './modules/files/file-finders';
import { createFiles } from './modules/files/files.module';
import { createStorage } from './modules/storage/storage.module';
import { createMailer } from './modules/mailer/mailer.module';
import { createNotifications } from './modules/notifications/notifications.module';
import { createProfile } from './modules/profile/profile.module';
import { createRateLimits } from './modules/rate-limit/rate-limit.module';
import { createSecurityEvents } from './modules/security-events/security-events.module';
import { createSessions } from './modules/session/session.module';
import { createContentEvents } from './modules/content/content-events';
import { createPreferenceChanges } from './modules/settings/preference-changes';
import { createUserPreferences } from './modules/settings/settings.module';
import { createSpeech } from './modules/speech/speech.module';
import type { TranscriptionEngine } from './modules/speech/transcription-engine';
import type { EventBus } from './realtime/event-bus';
import { registerRealtimeGateway } from './realtime/realtime.gateway';
import type { RoomRegistry } from './realtime/rooms';
import type { ClientActionRegistry } from './realtime/client-actions';
import type { JobQueue } from './jobs/job-queue';
import { createPdfExports, PDF_EXPORT_LIMIT } from './pdf/pdf-exports';
import { createPdfRenderer } from './pdf/pdf-renderer';
import { createSessionEndedAnnouncer } from './realtime/session-ended';

/** What app.ts opens before any service: the database, the bus, the registries. */
export interface Infrastructure {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  bus: EventBus;
  /** Background work (transcription, reminders, ...): features define their kinds here. */
  jobs: JobQueue;
  rooms: RoomRegistry;
  /** What sockets may ask besides rooms (call signals), registered by the owning feature. */
  clientActions: ClientActionRegistry;
  accountData: AccountDataRegistry;
  /** What each channel adds to the dashboard (cards, active days, recent activity). */
  dashboard: DashboardRegistry;
  outboxAccess: OutboxAccess;
  speechEngines: TranscriptionEngine[] | undefined;
}

/**
 * The services most modules use, in the order they need each other: mail, the security log,
 * rate limits, files, identity, speech, preferences, profile, better-auth, sessions (with the
 * guard that resolves them on every request and the socket gateway), notifications. Modules
 * take what they need from the returned object by name.
 */
export function createBaseServices(app: FastifyInstance, infra: Infrastructure) {
  const { bus, log } = infra;
  const { mailer, outbox } = createMailer(infra);
  const securityEvents = createSecurityEvents(infra);
  const instanceSettings = createInstanceSettings(infra);
  const audit = createAudit({ ...infra, instanceSettings });
  const accountStatus = createAccountStatus(infra);
  const rateLimits = createRateLimits(infra);
  const storage = createStorage(infra);
  const files = createFiles({ ...infra, quota: storage });
  const pdfs = createPdfExports({
    // A core per layout, one left to the web server; at most one waiting per person.
    renderer: createPdfRenderer({
      maxRunning: Math.max(1, availableParallelism() - 1),
      maxWaiting: 32,
      timeoutMs: 60_000,
      maxHeapMb: 512,
    }),
    consume: (userId) => rateLimits.consume(PDF_EXPORT_LIMIT, userId),
  });
  const { identity, identityRepository } = createIdentity(infra);
  const { speech, transcribeAudio } = createSpeech({ ...infra, files });
  const preferences = createUserPreferences(infra);
  const preferenceChanges = createPreferenceChanges();
  // Features say what people wrote; analysis listens (registered after them).
  const contentEvents = createContentEvents();
  const { profileReads, profileEdits, profiles } = createProfile({
    ...infra,
    identity,
    files,
    preferences,
    preferenceChanges,
  });
  const { auth, authSecret } = createAuth({ ...infra, mailer, securityEvents });
  const announceSessionEnded = createSessionEndedAnnouncer(bus, log);
  const sessions = createSessions({
    ...infra,
    authSecret,
    identity,
    securityEvents,
    announceSessionEnded,
    idleMinutes: () => instanceSettings.idleMinutes(infra.config.SESSION_IDLE_MINUTES),
  });
  registerSessionGuard(app, sessions);
  const realtime = registerRealtimeGateway(app, { ...infra, sessions });
  const notifications = createNotifications({
    ...infra,
    mailer,
    rateLimits,
    preferences,
    sessions,
    realtime,
    identityRepository,
  });
  const directory = createDirectory({ ...infra, instanceSettings });
  const base = {
    ...infra,
    /** Who can find whom: the pickers' search and whether someone may be reached. */
    directory,
    mailer,
    outbox,
    securityEvents,
    audit,
    instanceSettings,
    accountStatus,
    rateLimits,
    /** Each person's storage quota and the disk's reserve (journal text asks it too). */
    storage,
    files,
    /** Every PDF a person asks for: off the event loop, capped, one at a time (issue 24, N5). */
    pdfs,
    /** 'Search Files': features that keep files register how to find them (file-finders.ts). */
    fileFinders: createFileFinders(),
    identity,
    identityRepository,
    speech,
    /** The spec's transcribe-audio call (speech routes). */
    transcribeAudio,
    preferences,
    preferenceChanges,
    contentEvents,
    profileReads,
    profileEdits,
    profiles,
    auth,
    /** The instance secret (AUTH_SECRET or generated): research pseudonyms are keyed from it. */
    authSecret,
    announceSessionEnded,
    sessions,
    realtime,
    notifications,
  };

  return base;
}
