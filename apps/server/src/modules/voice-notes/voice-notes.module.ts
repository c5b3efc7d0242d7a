import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AccountsRepository } from '../accounts/accounts.repository';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SpeechService } from '../speech/speech.service';
import { createVoiceNotesRepository } from './voice-notes.repository';
import { registerVoiceNotesRoutes } from './voice-notes.routes';
import { createVoiceNotesService } from './voice-notes.service';

/** Voice notes: their repository, service and routes. */
export function registerVoiceNotes(
  app: FastifyInstance,
  deps: {
    db: Db;
    accounts: AccountsRepository;
    files: FilesService;
    speech: SpeechService;
    notifications: NotificationsService;
    now: () => Date;
  },
) {
  const { db, ...rest } = deps;
  registerVoiceNotesRoutes(
    app,
    createVoiceNotesService({ repository: createVoiceNotesRepository(db), ...rest }),
  );
}
