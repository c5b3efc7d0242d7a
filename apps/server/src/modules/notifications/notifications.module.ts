import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/event-bus';
import type { IdentityRepository } from '../identity/identity.repository';
import type { Mailer } from '../mailer/mailer';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { Preferences } from '../settings/preferences';
import { createNotificationMail, type LastActivity } from './notification-mail';
import { createNotificationsRepository } from './notifications.repository';
import { registerNotificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

/** Stored notifications, pushed live, and emailed to people who are away. */
export function createNotifications(deps: {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  rateLimits: RateLimitService;
  preferences: Preferences;
  sessions: LastActivity;
  realtime: { isConnected(userId: string): boolean };
  identityRepository: IdentityRepository;
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
}): NotificationsService {
  return createNotificationsService({
    repository: createNotificationsRepository(deps.db),
    bus: deps.bus,
    onCreated: createNotificationMail({
      ...deps,
      publicUrl: deps.config.publicUrl,
      presence: deps.realtime,
      identity: deps.identityRepository,
    }),
    log: deps.log,
    now: deps.now,
  });
}

export function registerNotifications(
  app: FastifyInstance,
  deps: { notifications: NotificationsService },
) {
  registerNotificationsRoutes(app, deps.notifications);
}
