import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/event-bus';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { FileFinders } from '../files/file-finders';
import type { ContentEvents } from '../content/content-events';
import type { FilesService } from '../files/files.service';
import type { TranscriptionQueue } from '../speech/transcription-queue';
import type { JobQueue } from '../../jobs/job-queue';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PreferenceChanges } from '../settings/preference-changes';
import type { Preferences } from '../settings/preferences';
import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { StorageQuota } from '../storage/storage-quota';
import { registerJournalAccountData } from './journal-account-data';
import { createJournalAccountDataRepository } from './journal-account-data.repository';
import { registerJournalContent } from './journal-content';
import { createJournalCreate } from './journal-create';
import { registerJournalDashboard } from './journal-dashboard';
import { createJournalDashboardRepository } from './journal-dashboard.repository';
import { createJournalDraftsRepository } from './journal-drafts.repository';
import { registerJournalDraftsRoutes } from './journal-drafts.routes';
import { createJournalDraftsService } from './journal-drafts.service';
import { createJournalEditsRepository } from './journal-edits.repository';
import { registerJournalEntriesRoutes } from './journal-entries.routes';
import { createJournalEntries } from './journal-entries.service';
import { createJournalEntryKit } from './journal-entry-kit';
import { createJournalExportRepository } from './journal-export.repository';
import { registerJournalExportRoutes } from './journal-export.routes';
import { createJournalExport } from './journal-export.service';
import { createJournalFilesRepository } from './journal-files.repository';
import { createJournalLimits } from './journal-limits';
import { createJournalListing } from './journal-listing.service';
import { createJournalPrompts } from './journal-prompts.service';
import { createJournalReminderSchedule } from './journal-reminder-schedule';
import { createJournalReminders } from './journal-reminders';
import { createJournalRemindersRepository } from './journal-reminders.repository';
import { createJournalSearchRepository } from './journal-search.repository';
import { createJournalTagsRepository } from './journal-tags.repository';
import { registerJournalTagsRoutes } from './journal-tags.routes';
import { createJournalTagsService } from './journal-tags.service';
import { registerJournalVoiceRoutes } from './journal-voice.routes';
import { createJournalVoice } from './journal-voice.service';
import { createJournalRepository } from './journal.repository';
import { createJournalSharedReads } from './journal-shared.repository';
import type { PdfExports } from '../../pdf/pdf-exports';

/** What the journal takes from the base services (and the voice settings). */
type JournalDeps = {
  db: Db;
  files: FilesService;
  rateLimits: Pick<RateLimitService, 'consume'>;
  storage: Pick<StorageQuota, 'assertFits'>;
  fileFinders: FileFinders;
  speech: TranscriptionQueue;
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
};

/**
 * The journal: entries (text, voice, reflections) and what is done with them, each idea its own
 * factory and route file, plus its transcript target, file search, dashboard and part of the
 * user's data; reminders and nudges below.
 */
export function registerJournal(app: FastifyInstance, deps: JournalDeps) {
  const { db, files, now } = deps;
  const repository = createJournalRepository(db);
  const draftsRepository = createJournalDraftsRepository(db);
  const kit = createJournalEntryKit({
    repository,
    bus: deps.bus,
    timezoneOf: async (userId) => (await deps.profiles.find(userId))?.timezone,
    content: deps.contentEvents,
  });
  const entries = createJournalEntries({
    repository,
    edits: createJournalEditsRepository(db),
    drafts: draftsRepository,
    files,
    kit,
    now,
  });
  const limits = createJournalLimits(deps);
  registerJournalEntriesRoutes(app, {
    listing: createJournalListing({ search: createJournalSearchRepository(db), repository, kit }),
    create: createJournalCreate({ repository, drafts: draftsRepository, now }, kit),
    entries,
    prompts: createJournalPrompts({
      kit,
      goalsOf: async (userId) => (await deps.profiles.find(userId))?.reflectionGoal ?? [],
      now,
    }),
    limits,
  });
  const voice = createJournalVoice(
    {
      repository,
      files,
      speech: deps.speech,
      keepsAudio: async (userId) => (await deps.audioRetention.settings(userId)).keepAudio,
      now,
    },
    kit,
  );
  registerJournalVoiceRoutes(app, { voice, files, limits });
  const exporting = createJournalExport({
    exports: createJournalExportRepository(db),
    repository,
    kit,
    pdfs: deps.pdfs,
  });
  registerJournalExportRoutes(app, { exporting });
  const tags = createJournalTagsService(createJournalTagsRepository(db));
  registerJournalTagsRoutes(app, { tags, limits });
  const drafts = createJournalDraftsService({
    repository: draftsRepository,
    assertOwned: (userId, entryId) => entries.assertOwned(userId, entryId),
    now,
  });
  registerJournalDraftsRoutes(app, { drafts, limits });

  registerJournalAccountData(deps.accountData, {
    repository: createJournalAccountDataRepository(db),
    files,
  });
  registerJournalContent(deps.contentEvents, repository);
  registerJournalDashboard(deps.dashboard, createJournalDashboardRepository(db));
  const journalFiles = createJournalFilesRepository(db);
  deps.fileFinders.register((userId, text, limit) =>
    journalFiles.recordingsTitled(userId, text, limit),
  );
  registerJournalReminders(app, deps);
  // What another reader (care) may ask of a person's entries; its policy decides what it gets.
  return { sharedReads: createJournalSharedReads(db) };
}

/** Reminders and nudges follow the person's frequency, timezone and notification toggles. */
function registerJournalReminders(app: FastifyInstance, deps: JournalDeps) {
  const remindersRepository = createJournalRemindersRepository(deps.db);
  const notificationSettings = (userId: string) => deps.preferences.notificationsOf(userId);
  const latestEntryAt = (userId: string) => remindersRepository.latestEntryAt(userId);
  const schedule = createJournalReminderSchedule({
    jobs: deps.jobs,
    notificationSettings,
    profiles: deps.profiles,
    latestEntryAt,
    now: deps.now,
  });
  const reminders = createJournalReminders({
    jobs: deps.jobs,
    schedule,
    notifications: deps.notifications,
    notificationSettings,
    latestEntryAt,
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
}
