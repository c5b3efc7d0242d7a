import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import type { IdentityRepository } from '../identity/identity.repository';
import type { IdentityService } from '../identity/identity.service';
import type { Mailer } from '../mailer/mailer';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import { registerAuthRoutes } from './auth.routes';
import { createWorkAfterAnswer } from './after-answer';
import { createPasswordChanges } from './password-changes';
import { createSignIn } from './sign-in';
import { createSignUp } from './sign-up';
import { loadOrCreateAuthSecret } from '../../config/secrets';
import type { Db } from '../../db/client';
import { authMailHooks } from './auth-mail';
import { createBetterAuth, type BetterAuth } from './better-auth';
import { createDeviceCookies } from './device-cookie';

/** better-auth (credentials, sessions, verification, reset, TOTP) and the secret it signs with. */
export function createAuth(deps: {
  db: Db;
  mailer: Mailer;
  securityEvents: SecurityEventsService;
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const authSecret = loadOrCreateAuthSecret(deps.config.DATA_DIR, deps.config.AUTH_SECRET);
  const auth = createBetterAuth({
    ...deps,
    secret: authSecret,
    mail: authMailHooks(deps.mailer, deps.config.publicUrl, deps.log),
  });
  return { auth, authSecret };
}

/** Sign-up, sign-in, sign-out, verification and password reset, over better-auth. */
export function registerAuth(
  app: FastifyInstance,
  deps: {
    auth: BetterAuth;
    identity: IdentityService;
    identityRepository: IdentityRepository;
    announceSessionEnded: AnnounceSessionEnded;
    notifications: NotificationsService;
    securityEvents: SecurityEventsService;
    rateLimits: RateLimitService;
    mailer: Mailer;
    config: Config;
    log: FastifyBaseLogger;
    accountStatus?: { refuseIfDisabled(userId: string): Promise<void> };
    authSecret: string;
  },
) {
  const deviceCookies = createDeviceCookies(deps.authSecret, deps.config);
  const afterAnswer = createWorkAfterAnswer(deps.log);
  registerAuthRoutes(app, {
    signUp: createSignUp({ ...deps, afterAnswer }),
    signIn: createSignIn({ ...deps, deviceCookies }),
    passwords: createPasswordChanges({ ...deps, afterAnswer }),
  });
  // Shutdown waits for it before the mailer and the database close.
  return { settle: () => afterAnswer.settle() };
}
