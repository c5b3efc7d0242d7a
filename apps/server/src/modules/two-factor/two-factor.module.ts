import type { FastifyInstance } from 'fastify';
import type { BetterAuth } from '../auth/better-auth';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import { registerTwoFactorRoutes } from './two-factor.routes';
import { createTwoFactorService } from './two-factor.service';
import type { Config } from '../../config/env';
import { createDeviceCookies } from '../auth/device-cookie';

/** TOTP enrolment and sign-in codes. */
export function registerTwoFactor(
  app: FastifyInstance,
  deps: {
    auth: BetterAuth;
    securityEvents: SecurityEventsService;
    rateLimits: RateLimitService;
    notifications: NotificationsService;
    authSecret: string;
    config: Config;
  },
) {
  const deviceCookies = createDeviceCookies(deps.authSecret, deps.config);
  registerTwoFactorRoutes(app, createTwoFactorService({ ...deps, deviceCookies }));
}
