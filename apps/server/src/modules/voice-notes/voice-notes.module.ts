import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { ContentEvents } from '../content/content-events';
import type { IdentityRepository } from '../identity/identity.repository';
import type { FileFinders } from '../files/file-finders';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { SpeechService } from '../speech/speech.service';
import { registerVoiceNotesAccountData } from './voice-notes-account-data';
import { createVoiceNotesRepository } from './voice-notes.repository';
import { registerVoiceNotesRoutes } from './voice-notes.routes';
import { createVoiceNotesService } from './voice-notes.service';
import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import { registerVoiceNotesDashboard } from './voice-notes-dashboard';
import { createVoiceNotesDashboardRepository } from './voice-notes-dashboard.repository';

/** Voice notes: their repository, service, routes and part of the user's data. */
export function registerVoiceNotes(
  app: FastifyInstance,
  deps: {
    db: Db;
    identityRepository: IdentityRepository;
    files: FilesService;
    fileFinders: FileFinders;
    speech: SpeechService;
    notifications: NotificationsService;
    accountData: AccountDataRegistry;
    dashboard: DashboardRegistry;
    rateLimits: RateLimitService;
    contentEvents: ContentEvents;
    now: () => Date;
  },
) {
  const {
    db,
    accountData,
    rateLimits,
    identityRepository,
    fileFinders,
    contentEvents,
    dashboard,
    ...rest
  } = deps;
  const repository = createVoiceNotesRepository(db);
  fileFinders.register((userId, text, limit) => repository.recordingsTitled(userId, text, limit));
  const voiceNotes = createVoiceNotesService({
    ...rest,
    repository,
    identity: identityRepository,
    content: contentEvents,
  });
  // A note's transcript is what its recorder said (the analysis reads it).
  contentEvents.registerSource('voice_note', {
    async load(id) {
      const note = await repository.find(id);
      if (!note || note.transcriptStatus !== 'done' || !note.transcript) return null;
      return {
        userId: note.ownerId,
        text: note.transcript,
        occurredAt: note.createdAt,
        mood: null,
        title: note.title,
        href: '/app/voice-notes/recorder',
        tags: [],
      };
    },
    idsOf: async (userId) => (await repository.ownedBy(userId)).map((note) => note.id),
  });
  registerVoiceNotesAccountData(accountData, voiceNotes);
  registerVoiceNotesDashboard(dashboard, createVoiceNotesDashboardRepository(db));
  registerVoiceNotesRoutes(app, voiceNotes, rateLimits);
  return voiceNotes;
}
