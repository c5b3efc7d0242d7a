import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { ContentEvents } from '../content/content-events';
import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import type { FileFinders } from '../files/file-finders';
import type { FilesService } from '../files/files.service';
import type { IdentityRepository } from '../identity/identity.repository';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { TranscriptionQueue } from '../speech/transcription-queue';
import { createVoiceNoteDeliveriesRepository } from './voice-note-deliveries.repository';
import { createVoiceNoteKit } from './voice-note-kit';
import { createVoiceNoteRecording } from './voice-note-recording';
import { createVoiceNoteSending } from './voice-note-sending';
import { createVoiceNoteSettings } from './voice-note-settings';
import { createVoiceNoteSettingsRepository } from './voice-note-settings.repository';
import { registerVoiceNoteSettingsRoutes } from './voice-note-settings.routes';
import { createVoiceNoteTranscripts } from './voice-note-transcripts';
import { registerVoiceNotesAccountData } from './voice-notes-account-data';
import { registerVoiceNotesContent } from './voice-notes-content';
import { registerVoiceNotesDashboard } from './voice-notes-dashboard';
import { createVoiceNotesDashboardRepository } from './voice-notes-dashboard.repository';
import { createVoiceNotesFilesRepository } from './voice-notes-files.repository';
import { createVoiceNotesRepository } from './voice-notes.repository';
import { registerVoiceNotesRoutes } from './voice-notes.routes';
import { createVoiceNotesSharedReads } from './voice-notes-shared.repository';
import { createVoiceNotes } from './voice-notes.service';

/**
 * Voice notes: recorded or uploaded audio kept as files, transcribed in the background as an
 * editable draft, sent to contacts (their inbox, your sent box), searchable by transcript. Each
 * idea is its own factory, built here in the order they need each other.
 */
export function registerVoiceNotes(
  app: FastifyInstance,
  deps: {
    db: Db;
    identityRepository: IdentityRepository;
    files: FilesService;
    fileFinders: FileFinders;
    speech: TranscriptionQueue;
    notifications: NotificationsService;
    accountData: AccountDataRegistry;
    dashboard: DashboardRegistry;
    rateLimits: RateLimitService;
    contentEvents: ContentEvents;
    now: () => Date;
  },
) {
  const { db, files, speech, now, contentEvents: content } = deps;
  const repository = createVoiceNotesRepository(db);
  const deliveries = createVoiceNoteDeliveriesRepository(db);
  const settingsRepository = createVoiceNoteSettingsRepository(db);
  const kit = createVoiceNoteKit({ repository, deliveries, identity: deps.identityRepository });
  const settings = createVoiceNoteSettings(settingsRepository);
  registerVoiceNotesRoutes(app, {
    notes: createVoiceNotes({ repository, deliveries, files, kit, content, now }),
    recording: createVoiceNoteRecording({
      repository,
      settings: settingsRepository,
      files,
      speech,
      kit,
      now,
    }),
    sending: createVoiceNoteSending({
      deliveries,
      identity: deps.identityRepository,
      notifications: deps.notifications,
      kit,
      now,
    }),
    transcripts: createVoiceNoteTranscripts({
      repository,
      settings: settingsRepository,
      files,
      speech,
      kit,
      content,
      now,
    }),
    rateLimits: deps.rateLimits,
  });
  registerVoiceNoteSettingsRoutes(app, { settings });

  const voiceFiles = createVoiceNotesFilesRepository(db);
  deps.fileFinders.register((userId, text, limit) =>
    voiceFiles.recordingsTitled(userId, text, limit),
  );
  registerVoiceNotesContent(content, repository);
  registerVoiceNotesAccountData(deps.accountData, {
    repository,
    deliveries,
    settings: settingsRepository,
    files,
  });
  registerVoiceNotesDashboard(deps.dashboard, createVoiceNotesDashboardRepository(db));
  return {
    /** The person's voice choices, which the journal's voice entries follow. */
    audioRetention: settings,
    /** What another reader (care) may ask of a person's notes; its policy decides. */
    sharedReads: createVoiceNotesSharedReads(db),
  };
}
