import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import { authHeaders, callAuth } from '../auth/auth-call';
import type { BetterAuth } from '../auth/better-auth';
import { withPasswordAttempt } from '../auth/password-attempt';
import type { FilesService } from '../files/files.service';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type { AccountDataRegistry } from './account-data.registry';
import type { AccountRepository } from './account.repository';

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;

const WRONG_PASSWORD_MESSAGE = 'Your password is not correct.';

/**
 * "Delete All Data" and "Delete Account" (SPEC §8 delete confirmation), and the removal of an
 * account an administrator deletes. Each feature's part goes through the registry.
 */
export function createAccountDeletion(deps: {
  repository: Pick<AccountRepository, 'filesOf' | 'deleteJobs' | 'deleteUser'>;
  registry: AccountDataRegistry;
  files: Pick<FilesService, 'remove'>;
  auth: BetterAuth;
  rateLimits: RateLimitService;
  securityEvents: Pick<SecurityEventsService, 'record'>;
  /** To close the sockets of the deleted account's sessions. */
  announceSessionEnded: AnnounceSessionEnded;
  log: FastifyBaseLogger;
}) {
  const { repository, registry, securityEvents } = deps;

  /** Every feature's hook, the files, then the account row (its rows cascade); sockets close. */
  async function removeAccount(userId: string) {
    for (const contributor of registry.contributors) await contributor.onAccountDeletion?.(userId);
    await deps.files.remove(await repository.filesOf(userId));
    await repository.deleteUser(userId);
    deps.announceSessionEnded(userId, { reason: 'revoked' });
  }

  return {
    /**
     * "Delete All Data": each feature's data and the user's files go; the account, its sign-in,
     * sessions and security log stay (the log is the account's audit trail, and records this).
     */
    async deleteData(userId: string, context: RequestContext) {
      for (const contributor of registry.contributors) await contributor.deleteData?.(userId);
      await repository.deleteJobs(userId);
      const keep = new Set(registry.contributors.flatMap((c) => c.keepFilePurposes ?? []));
      const files = (await repository.filesOf(userId)).filter((f) => !keep.has(f.purpose));
      await deps.files.remove(files);
      await securityEvents.record(userId, 'data_deleted', {
        userAgent: context.userAgent,
        details: {
          sections: registry.contributors.filter((c) => c.deleteData).map((c) => c.section),
          files: files.length,
        },
      });
    },

    /** Deletes the account after checking the password again; every session ends. */
    async deleteAccount(
      user: { id: string; email: string },
      password: string,
      context: RequestContext,
    ) {
      // A stolen session must not become a way to guess the password: same lock as sign-in.
      try {
        await withPasswordAttempt(deps.rateLimits, user.email, context, () =>
          callAuth(
            () =>
              deps.auth.api.verifyPassword({
                body: { password },
                headers: authHeaders(context),
                returnHeaders: true,
              }),
            {
              INVALID_PASSWORD: WRONG_PASSWORD_MESSAGE,
              SESSION_NOT_FRESH: 'Please sign in again before deleting your account.',
            },
          ),
        );
      } catch (error) {
        if (error instanceof AppError && error.message === WRONG_PASSWORD_MESSAGE) {
          await securityEvents.record(user.id, 'sign_in_failed', {
            userAgent: context.userAgent,
            details: { reason: 'invalid_password', action: 'delete_account' },
          });
        }
        throw error;
      }
      await removeAccount(user.id);
      // Its security log cascades with it; the server log keeps the fact.
      deps.log.info({ userId: user.id }, 'account deleted by its owner');
    },

    /** The account and all its data, as its owner's deletion does (an administrator's too). */
    removeAccount,
  };
}
