import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import type { IdentityService } from '../identity/identity.service';
import type { BetterAuth } from '../auth/better-auth';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { ProfileEdits } from '../profile/profile-edits';
import type { ProfileReads } from '../profile/profile-reads';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type { SessionService } from '../session/session.service';
import type { SettingsService } from '../settings/settings.service';
import type { AccountDataRegistry } from './account-data.registry';
import { createAccountRepository } from './account.repository';
import { registerAccountRoutes } from './account.routes';
import { createAccountDeletion, type AccountDeletion } from './account-deletion';
import { createAccountExport } from './account-export';
import { registerCoreAccountData } from './core-account-data';

/**
 * The tables this module exports and deletes itself, beside the registry's contributors (see
 * account-data-coverage.test.ts). "Delete my data" keeps the account (users, profiles,
 * user_roles); all of them go with the account. Working relationships with professionals are
 * the care module's contributor. A job (`jobs`, e.g. a transcription) is work, not content: it is not
 * exported (its result is, where it landed: a voice note, a chat message) and goes with the
 * data and the account.
 */
export const ACCOUNT_MODULE_TABLES = ['users', 'profiles', 'user_roles', 'files', 'jobs'] as const;

/** What the admin console may call: an administrator's deletion of an account. */
export type AccountRemoval = Pick<AccountDeletion, 'removeAccount'>;

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
    profileReads: Pick<ProfileReads, 'exportFor'>;
    profileEdits: Pick<ProfileEdits, 'reset'>;
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
): AccountRemoval {
  registerCoreAccountData(deps.accountData, deps);
  const repository = createAccountRepository(deps.db);
  const registry = deps.accountData;
  const deletion = createAccountDeletion({ ...deps, repository, registry });
  registerAccountRoutes(app, {
    exports: createAccountExport({ ...deps, repository, registry }),
    deletion,
    sessionCookie: deps.sessions.cookieName,
  });
  return { removeAccount: deletion.removeAccount };
}
