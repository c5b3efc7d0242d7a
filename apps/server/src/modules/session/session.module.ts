import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import type { IdentityService } from '../identity/identity.service';
import type { ProfileReads } from '../profile/profile-reads';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import { createSessionInfo } from './session-info';
import { createSessionList } from './session-list';
import { createSessionRepository } from './session.repository';
import { registerSessionRoutes } from './session.routes';
import { createSessionService, type SessionService } from './session.service';

/** The sessions every request resolves (the guard's `SessionResolver`). */
export function createSessions(deps: {
  db: Db;
  authSecret: string;
  identity: IdentityService;
  securityEvents: SecurityEventsService;
  announceSessionEnded: AnnounceSessionEnded;
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
  idleMinutes?: () => Promise<number>;
}): SessionService {
  return createSessionService({
    ...deps,
    secret: deps.authSecret,
    sessions: createSessionRepository(deps.db),
    announceEnded: deps.announceSessionEnded,
  });
}

/** Session info, refresh, the browser's idle timeout, and the list of one's sessions. */
export function registerSession(
  app: FastifyInstance,
  deps: {
    db: Db;
    sessions: SessionService;
    identity: IdentityService;
    profileReads: Pick<ProfileReads, 'avatarOf'>;
    securityEvents: SecurityEventsService;
    announceSessionEnded: AnnounceSessionEnded;
    rateLimits: RateLimitService;
    now: () => Date;
  },
) {
  registerSessionRoutes(app, {
    sessions: deps.sessions,
    info: createSessionInfo(deps),
    list: createSessionList({
      ...deps,
      sessions: createSessionRepository(deps.db),
      announceEnded: deps.announceSessionEnded,
    }),
    rateLimits: deps.rateLimits,
  });
}
