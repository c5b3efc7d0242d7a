import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import type { IdentityService } from '../identity/identity.service';
import type { BetterAuth } from '../auth/better-auth';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { ProfileService } from '../profile/profile.service';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type { SessionService } from '../session/session.service';
import type { SettingsService } from '../settings/settings.service';
import type { AccountDataRegistry } from './account-data.registry';
import { createAccountRepository } from './account.repository';
import { registerAccountRoutes } from './account.routes';
import { createAccountService } from './account.service';
import { registerCoreAccountData } from './core-account-data';

/**
 * The account's data as a whole: export, delete data, delete the account. The platform's own
 * parts register here; features register theirs in their own module.
 */
export function registerAccount(
  app: FastifyInstance,
  deps: {
    db: Db;
    accountData: AccountDataRegistry;
    identity: IdentityService;
    profile: ProfileService;
    settings: SettingsService;
    notifications: NotificationsService;
    files: FilesService;
    auth: BetterAuth;
    rateLimits: RateLimitService;
    securityEvents: SecurityEventsService;
    sessions: SessionService;
    announceSessionEnded: AnnounceSessionEnded;
    log: FastifyBaseLogger;
    now: () => Date;
  },
) {
  registerCoreAccountData(deps.accountData, deps);
  const account = createAccountService({
    ...deps,
    repository: createAccountRepository(deps.db),
    registry: deps.accountData,
  });
  registerAccountRoutes(app, account, deps.sessions.cookieName);
  return account;
}
