import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../http/session-guard';
import type { SecurityEventsService } from './security-events.service';

export function registerSecurityEventsRoutes(
  app: FastifyInstance,
  securityEvents: SecurityEventsService,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The person's own security log (sign-ins, timeouts, revocations), newest first.
  r.get('/api/security-events', { config: { auth: 'required' } }, async (request) => {
    const { user } = requireSession(request);
    return { events: await securityEvents.recent(user.id) };
  });
}
