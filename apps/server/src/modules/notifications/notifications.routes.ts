import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MarkNotificationsReadBodySchema } from '@kaleido/shared/notifications/notifications.schemas';
import { requireSession } from '../../http/session-guard';
import type { NotificationsService } from './notifications.service';

export function registerNotificationsRoutes(
  app: FastifyInstance,
  notifications: NotificationsService,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Polled by open tabs as a fallback to the socket: not activity.
  r.get('/api/notifications', { config: { auth: 'required', passive: true } }, async (request) => {
    const { user } = requireSession(request);
    return notifications.list(user.id);
  });

  r.post(
    '/api/notifications/read',
    { config: { auth: 'required' }, schema: { body: MarkNotificationsReadBodySchema } },
    async (request) => {
      const { user } = requireSession(request);
      return notifications.markRead(user.id, request.body.ids);
    },
  );

  r.delete('/api/notifications', { config: { auth: 'required' } }, async (request) => {
    const { user } = requireSession(request);
    await notifications.clear(user.id);
    return { ok: true };
  });
}
