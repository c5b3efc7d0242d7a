import type { FastifyInstance } from 'fastify';
import { signedInUserId } from '../../http/session-guard';
import type { DashboardService } from './dashboard.service';

export function registerDashboardRoutes(app: FastifyInstance, dashboard: DashboardService) {
  app.get('/api/dashboard', { config: { auth: 'required' } }, async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await dashboard.summary(signedInUserId(request))),
  );
}
