import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UpdateVoiceNoteSettingsBodySchema } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { signedInUserId } from '../../http/session-guard';
import type { VoiceNoteSettings } from './voice-note-settings';

/** The person's voice choices, read and changed (the drawer's Settings). */
export function registerVoiceNoteSettingsRoutes(
  app: FastifyInstance,
  deps: { settings: VoiceNoteSettings },
) {
  const { settings } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/voice-notes/settings', { config: { auth: 'required' } }, async (request) =>
    settings.settings(signedInUserId(request)),
  );

  r.patch(
    '/api/voice-notes/settings',
    { config: { auth: 'required' }, schema: { body: UpdateVoiceNoteSettingsBodySchema } },
    async (request) => settings.updateSettings(signedInUserId(request), request.body),
  );
}
