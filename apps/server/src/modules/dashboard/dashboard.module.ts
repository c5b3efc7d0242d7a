import type { FastifyInstance } from 'fastify';
import type { DashboardRegistry } from './dashboard.registry';
import { registerDashboardRoutes } from './dashboard.routes';
import { createDashboardService } from './dashboard.service';

/**
 * The dashboard (SPEC §2): GET /api/dashboard over what every channel contributed to the
 * registry (modules register their part when they are built; see dashboard.registry.ts).
 */
export function registerDashboard(
  app: FastifyInstance,
  deps: {
    dashboard: DashboardRegistry;
    profiles: { find(userId: string): Promise<{ timezone: string } | null> };
    now: () => Date;
  },
) {
  const dashboard = createDashboardService({
    registry: deps.dashboard,
    timezoneOf: async (userId) => (await deps.profiles.find(userId))?.timezone,
    now: deps.now,
  });
  registerDashboardRoutes(app, dashboard);
  return dashboard;
}
