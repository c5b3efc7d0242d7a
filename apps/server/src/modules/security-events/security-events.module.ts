import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createSecurityEventsRepository } from './security-events.repository';
import { registerSecurityEventsRoutes } from './security-events.routes';
import { createSecurityEventsService, type SecurityEventsService } from './security-events.service';

/** The security log (consent_logs) that auth, sessions and account write to. */
export function createSecurityEvents(deps: { db: Db; log: FastifyBaseLogger }) {
  return createSecurityEventsService(createSecurityEventsRepository(deps.db), deps.log);
}

/** The person's security log, readable by its owner. */
export function registerSecurityEvents(
  app: FastifyInstance,
  deps: { securityEvents: SecurityEventsService },
) {
  registerSecurityEventsRoutes(app, deps.securityEvents);
}
