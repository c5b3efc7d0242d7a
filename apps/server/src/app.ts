import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env';
import { loadOrCreateAuthSecret } from './config/secrets';
import { openDatabase, type Database } from './db/client';
import { createHttpServer } from './http/create-server';
import { registerSessionGuard } from './http/session-guard';
import { registerSpaAndNotFound } from './http/spa';
import { createAccountsRepository } from './modules/accounts/accounts.repository';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes';
import { AccountDataRegistry } from './modules/account/account-data.registry';
import { createAccountRepository } from './modules/account/account.repository';
import { registerAccountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { registerCoreAccountData } from './modules/account/core-account-data';
import { createProfileRepository } from './modules/profile/profile.repository';
import { registerProfileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { createSettingsRepository } from './modules/settings/settings.repository';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { createAccountsService } from './modules/accounts/accounts.service';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerChat } from './modules/chat/chat.module';
import { registerVoiceNotes } from './modules/voice-notes/voice-notes.module';
import type { ChatService } from './modules/chat/chat.service';
import { createAuthService } from './modules/auth/auth.service';
import { authMailHooks } from './modules/auth/auth-mail';
import { createBetterAuth } from './modules/auth/better-auth';
import { createLocalFileStorage } from './modules/files/file-storage';
import { createFilesRepository } from './modules/files/files.repository';
import { createFilesService, type FilesService } from './modules/files/files.service';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerPublicConfigRoutes } from './modules/health/public-config.routes';
import { registerMailboxRoutes } from './modules/mail/mailbox.routes';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './modules/mail/mailer';
import { createOutboxRepository } from './modules/mail/outbox.repository';
import { createRateLimitRepository } from './modules/rate-limit/rate-limit.repository';
import { createRateLimitService } from './modules/rate-limit/rate-limit.service';
import { createSecurityEventsRepository } from './modules/security-events/security-events.repository';
import { createSecurityEventsService } from './modules/security-events/security-events.service';
import { createSessionRepository } from './modules/session/session.repository';
import { registerSessionRoutes } from './modules/session/session.routes';
import { createSessionService } from './modules/session/session.service';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { createNotificationMail } from './modules/notifications/notification-mail';
import { registerNotificationsRoutes } from './modules/notifications/notifications.routes';
import {
  createNotificationsService,
  type NotificationsService,
} from './modules/notifications/notifications.service';
import { createInProcessEventBus, type EventBus } from './realtime/event-bus';
import { createPostgresEventBus } from './realtime/postgres-event-bus';
import { registerRealtimeGateway } from './realtime/realtime.gateway';
import { RoomRegistry } from './realtime/rooms';
import { registerSpeechRoutes } from './modules/speech/speech.routes';
import { createSpeechService, type SpeechService } from './modules/speech/speech.service';
import { defaultSpeechEngines } from './modules/speech/default-engines';
import type { TranscriptionEngine } from './modules/speech/transcription-engine';
import { createTranscriptionJobsRepository } from './modules/speech/transcription-jobs.repository';
import { createTwoFactorService } from './modules/two-factor/two-factor.service';
import { createUsersRepository } from './modules/users/users.repository';
import { registerUsersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { registerTwoFactorRoutes } from './modules/two-factor/two-factor.routes';

export interface BuildOptions {
  config: Config;
  /** An open database (tests pass a cloned template); otherwise opened from the config. */
  database?: Database;
  /** Where the built SPA is; null serves none. Defaults to apps/web/dist. */
  webDist?: string | null;
  /** Clock for the idle timeout and rate limits (tests move it forward). */
  now?: () => Date;
  logger?: boolean;
  /** Transcription engines in order of preference; default: STT_BASE_URL, then PocketSphinx. */
  speechEngines?: TranscriptionEngine[];
  /** A shared bus (tests of several instances in one process). */
  bus?: EventBus;
}

export interface KaleidoApp {
  app: FastifyInstance;
  database: Database;
  mailer: Mailer;
  bus: EventBus;
  /** Feature modules register their room kinds here (conversations, calls, ...). */
  rooms: RoomRegistry;
  notifications: NotificationsService;
  realtime: { connectionCount(): number };
  files: FilesService;
  /** Features register what they hold of a user's data (export, delete data, delete account). */
  accountData: AccountDataRegistry;
  speech: SpeechService;
  /** Chat; the speech module calls `chat.applyTranscript` when a voice message is transcribed. */
  chat: ChatService;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole server without listening; `main.ts` listens, tests use `app.inject`. */
export async function buildApp(options: BuildOptions): Promise<KaleidoApp> {
  const { config } = options;
  const app = await createHttpServer(config, options.logger !== false);

  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  if (!options.database) await database.migrate();
  const { db } = database;
  const now = options.now ?? (() => new Date());

  const outbox = createOutboxRepository(db);
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(outbox);
  const authSecret = loadOrCreateAuthSecret(config.DATA_DIR, config.AUTH_SECRET);
  const securityEvents = createSecurityEventsService(createSecurityEventsRepository(db), app.log);
  const auth = createBetterAuth({
    onEmailVerified: (userId, userAgent) =>
      securityEvents.record(userId, 'email_verified', { userAgent }),
    config,
    db,
    secret: authSecret,
    log: app.log,
    now,
    mail: authMailHooks(mailer, config.publicUrl, app.log),
  });

  const accountsRepository = createAccountsRepository(db);
  const accounts = createAccountsService(accountsRepository, app.log);
  const rateLimits = createRateLimitService(createRateLimitRepository(db), {
    factor: config.RATE_LIMIT_FACTOR,
    now,
  });
  const sessionRepository = createSessionRepository(db);
  const bus =
    options.bus ??
    (database.pool && database.url
      ? createPostgresEventBus(database.pool, database.url, app.log)
      : createInProcessEventBus());
  const rooms = new RoomRegistry();
  const fileStorage = createLocalFileStorage(join(config.DATA_DIR, 'files'));
  const files = createFilesService({ storage: fileStorage, repository: createFilesRepository(db) });
  const speech = createSpeechService({
    engines: options.speechEngines ?? defaultSpeechEngines(config),
    jobs: createTranscriptionJobsRepository(db),
    files,
    bus,
    log: app.log,
    // One job per core, leaving one core to the web server.
    concurrency: Math.max(1, availableParallelism() - 1),
    now,
  });
  const notifications = createNotificationsService({
    repository: createNotificationsRepository(db),
    bus,
    onCreated: createNotificationMail({
      mailer,
      rateLimits,
      publicUrl: config.publicUrl,
      // `settings` is created below; notifications are only sent once the app runs.
      wantsEmail: async (userId) => (await settings.notificationsOf(userId)).email_notifications,
      lastActivityOf: (userId) => sessionRepository.lastActivityOf(userId),
      // `realtime` is registered below, like `settings`.
      isConnected: (userId) => realtime.isConnected(userId),
      emailOf: async (userId) => (await accountsRepository.findProfile(userId))?.email ?? null,
      now,
    }),
    log: app.log,
    now,
  });
  const profileRepository = createProfileRepository(db);
  const sessions = createSessionService({
    secret: authSecret,
    avatarOf: async (userId) => (await profileRepository.find(userId))?.avatarUrl || null,
    sessions: sessionRepository,
    accounts,
    securityEvents,
    config,
    log: app.log,
    bus,
    now,
  });
  const authService = createAuthService({
    auth,
    accounts,
    accountsRepository,
    sessionEvents: sessions,
    notifications,
    securityEvents,
    rateLimits,
    mailer,
    config,
    log: app.log,
  });
  const twoFactor = createTwoFactorService({ auth, securityEvents, rateLimits, notifications });

  registerSessionGuard(app, sessions);
  registerHealthRoutes(app, { database, mailer, speech });
  registerPublicConfigRoutes(app, config);
  registerMailboxRoutes(app, { mailer, outbox });
  registerAuthRoutes(app, authService);
  registerTwoFactorRoutes(app, twoFactor);
  registerSessionRoutes(app, { sessions, rateLimits, securityEvents });
  registerAccountsRoutes(app, accounts);
  registerNotificationsRoutes(app, notifications);
  const profile = createProfileService({
    repository: profileRepository,
    accounts,
    files,
    sharesInsightsWithClients: async (userId) =>
      (await settings.privacyOf(userId)).insights_visible_to_clients,
    now,
  });
  const settings = createSettingsService({
    repository: createSettingsRepository(db),
    profile,
    now,
  });
  const accountData = new AccountDataRegistry();
  registerCoreAccountData(accountData, { profile, settings, notifications, securityEvents });
  registerProfileRoutes(app, { profile, files });
  registerSettingsRoutes(app, settings);
  registerAccountRoutes(
    app,
    createAccountService({
      repository: createAccountRepository(db),
      registry: accountData,
      accounts,
      settings,
      files,
      readFile: (file) => fileStorage.read(file.storageKey),
      auth,
      rateLimits,
      securityEvents,
      sessions,
      log: app.log,
      now,
    }),
    sessions.cookieName,
  );
  registerSpeechRoutes(app, speech);
  registerVoiceNotes(app, { db, accounts: accountsRepository, files, speech, notifications, now });
  const chat = registerChat(app, {
    db,
    files,
    bus,
    notifications,
    speech,
    rooms,
    accountData,
    now,
  });
  registerUsersRoutes(app, createUsersService(createUsersRepository(db)));
  const realtime = registerRealtimeGateway(app, { bus, rooms, sessions, config });
  await registerSpaAndNotFound(
    app,
    options.webDist === undefined ? defaultWebDist : options.webDist,
  );

  const stopSessionSweep = sessions.sweepEvery(10 * 60_000);

  app.addHook('onReady', async () => {
    await speech.start({ sole: database.kind === 'embedded' });
  });
  app.addHook('onClose', async () => {
    speech.stop();
    await notifications.close().catch(() => undefined);
    stopSessionSweep();
    await mailer.close();
    if (!options.bus) await bus.close();
    if (!options.database) await database.close();
  });

  return {
    app,
    database,
    mailer,
    bus,
    rooms,
    notifications,
    realtime,
    files,
    speech,
    chat,
    accountData,
  };
}
