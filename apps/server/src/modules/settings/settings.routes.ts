import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SettingsSectionSchema } from '@kaleido/shared/settings/settings.schemas';
import { requireSession } from '../../http/session-guard';
import type { SettingsService } from './settings.service';

export function registerSettingsRoutes(app: FastifyInstance, settings: SettingsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/settings', { config: { auth: 'required' } }, async (request) => {
    const { user } = requireSession(request);
    return settings.load(user.id);
  });

  // The body is checked against the section's own schema in the service (it depends on :section).
  r.patch(
    '/api/settings/:section',
    {
      config: { auth: 'required' },
      schema: { params: z.object({ section: SettingsSectionSchema }), body: z.unknown() },
    },
    async (request) => {
      const { user } = requireSession(request);
      return settings.update(user.id, request.params.section, request.body);
    },
  );
}
