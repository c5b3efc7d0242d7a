import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/event-bus';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { FileFinders } from '../files/file-finders';
import type { ContentEvents } from '../content/content-events';
import type { FilesService } from '../files/files.service';
import type { SpeechService } from '../speech/speech.service';
import type { JobQueue } from '../../jobs/job-queue';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PreferenceChanges } from '../settings/preference-changes';
import type { Preferences } from '../settings/preferences';
import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { StorageQuota } from '../storage/storage-quota';
import { registerJournalAccountData } from './journal-account-data';
import { createJournalLimits } from './journal-limits';
import { createJournalFilesRepository } from './journal-files.repository';
import { registerJournalContent } from './journal-content';
import { registerJournalDashboard } from './journal-dashboard';
import { createJournalDashboardRepository } from './journal-dashboard.repository';
import { createJournalReminders } from './journal-reminders';
import { createJournalRemindersRepository } from './journal-reminders.repository';
import { createJournalDraftsRepository } from './journal-drafts.repository';
import { createJournalDraftsService } from './journal-drafts.service';
import { createJournalTagsRepository } from './journal-tags.repository';
import { createJournalTagsService } from './journal-tags.service';
import { createJournalRepository } from './journal.repository';
import type { PdfExports } from '../../pdf/pdf-exports';
import { registerJournalRoutes } from './journal.routes';
import { createJournalService } from './journal.service';

/** The journal: its repository, service, routes, transcript target and part of the user's data. */
export function registerJournal(
  app: FastifyInstance,
  deps: {
    db: Db;
    files: FilesService;
    rateLimits: Pick<RateLimitService, 'consume'>;
    storage: Pick<StorageQuota, 'assertFits'>;
    fileFinders: FileFinders;
    speech: SpeechService;
    bus: EventBus;
    accountData: AccountDataRegistry;
    dashboard: DashboardRegistry;
    /** The profile: its timezone (calendar days) and reflection goals (prompts first). */
    profiles: {
      find(
        userId: string,
      ): Promise<{ timezone: string; reflectionGoal: string[]; journalFrequency: string } | null>;
    };
    jobs: JobQueue;
    notifications: Pick<NotificationsService, 'notify'>;
    preferences: Pick<Preferences, 'notificationsOf'>;
    preferenceChanges: PreferenceChanges;
    log: FastifyBaseLogger;
    /** The person's choice to keep recordings after transcription (the voice settings). */
    audioRetention: { settings(userId: string): Promise<{ keepAudio: boolean }> };
    /** What people write, for the features that derive from it (analysis). */
    contentEvents: ContentEvents;
    now: () => Date;
    /** PDFs off the event loop, one per person at a time (pdf/pdf-exports.ts). */
    pdfs: PdfExports;
  },
) {
  const draftsRepository = createJournalDraftsRepository(deps.db);
  const repository = createJournalRepository(deps.db);
  const journal = createJournalService({
    repository,
    drafts: draftsRepository,
    files: deps.files,
    speech: deps.speech,
    bus: deps.bus,
    timezoneOf: async (userId) => (await deps.profiles.find(userId))?.timezone,
    goalsOf: async (userId) => (await deps.profiles.find(userId))?.reflectionGoal ?? [],
    keepsAudio: async (userId) => (await deps.audioRetention.settings(userId)).keepAudio,
    content: deps.contentEvents,
    now: deps.now,
  });
  registerJournalAccountData(deps.accountData, journal);
  registerJournalContent(deps.contentEvents, repository);
  registerJournalDashboard(deps.dashboard, createJournalDashboardRepository(deps.db));
  const tags = createJournalTagsService(createJournalTagsRepository(deps.db));
  const drafts = createJournalDraftsService({
    repository: draftsRepository,
    assertOwned: (userId, entryId) => journal.assertOwned(userId, entryId),
    now: deps.now,
  });
  const limits = createJournalLimits(deps);
  registerJournalRoutes(app, {
    journal,
    tags,
    drafts,
    files: deps.files,
    limits,
    pdfs: deps.pdfs,
  });
  const journalFiles = createJournalFilesRepository(deps.db);
  deps.fileFinders.register((userId, text, limit) =>
    journalFiles.recordingsTitled(userId, text, limit),
  );

  // Reminders and nudges follow the person's frequency, timezone and notification toggles.
  const remindersRepository = createJournalRemindersRepository(deps.db);
  const reminders = createJournalReminders({
    jobs: deps.jobs,
    notifications: deps.notifications,
    notificationSettings: (userId) => deps.preferences.notificationsOf(userId),
    profiles: deps.profiles,
    latestEntryAt: (userId) => remindersRepository.latestEntryAt(userId),
    accountsCreatedAfter: (since, limit) => remindersRepository.accountsCreatedAfter(since, limit),
    bus: deps.bus,
    log: deps.log,
    now: deps.now,
  });
  deps.preferenceChanges.onProfileField((userId, field) => reminders.profileChanged(userId, field));
  deps.preferenceChanges.onSettingsSection(async (userId, section) => {
    if (section === 'notification_settings') await reminders.settingsChanged(userId);
  });
  app.addHook('onReady', () => reminders.startSweep());
  app.addHook('onClose', (_instance, done) => {
    reminders.close();
    done();
  });
  return journal;
}
