import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';

/** What the web app may know of the operator's configuration (the help page's support address). */
export function registerPublicConfigRoutes(app: FastifyInstance, config: Config) {
  app.get('/api/config', { config: { passive: true } }, () =>
    Promise.resolve({ supportEmail: config.SUPPORT_EMAIL }),
  );
}
