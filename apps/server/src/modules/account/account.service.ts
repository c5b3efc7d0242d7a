import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import type { IdentityService } from '../identity/identity.service';
import { authHeaders, callAuth } from '../auth/auth-call';
import type { BetterAuth } from '../auth/better-auth';
import { withPasswordAttempt } from '../auth/password-attempt';
import type { FileRow } from '../files/files.repository';
import type { FilesService } from '../files/files.service';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type { SettingsService } from '../settings/settings.service';
import { zipStream } from './account-archive';
import type { AccountDataRegistry } from './account-data.registry';
import type { AccountRepository } from './account.repository';

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * The tables this service exports and deletes itself, beside the registry's contributors (see
 * account-data-coverage.test.ts). "Delete my data" keeps the account (users, profiles,
 * user_roles); all of them go with the account. Working relationships with professionals are
 * the care module's contributor. A job (`jobs`, e.g. a transcription) is work, not content: it is not
 * exported (its result is, where it landed: a voice note, a chat message) and goes with the
 * data and the account.
 */
export const ACCOUNT_SERVICE_TABLES = ['users', 'profiles', 'user_roles', 'files', 'jobs'] as const;

const WRONG_PASSWORD_MESSAGE = 'Your password is not correct.';

/** Where a file sits inside the archive; the export file lists it under the same path. */
function archivePath(file: FileRow): string {
  const safeName = file.originalName.replace(/[^\w.-]+/g, '_').slice(-100) || 'file';
  return `files/${file.purpose}/${file.id}-${safeName}`;
}

/**
 * The user's data as a whole (SPEC §3 exported file, §8 delete confirmation): export to JSON or a
 * zip with their files, delete it, or delete the account. What each feature holds comes from the
 * registry, so a new feature adds its part in one place.
 */
export function createAccountService(deps: {
  repository: AccountRepository;
  registry: AccountDataRegistry;
  identity: Pick<IdentityService, 'roleOf'>;
  settings: Pick<SettingsService, 'all'>;
  files: Pick<FilesService, 'remove' | 'read'>;
  auth: BetterAuth;
  rateLimits: RateLimitService;
  securityEvents: SecurityEventsService;
  /** To close the sockets of the deleted account's sessions. */
  announceSessionEnded: AnnounceSessionEnded;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { repository, registry, securityEvents } = deps;
  const now = deps.now ?? (() => new Date());

  /** Every feature's hook, the files, then the account row (its rows cascade); sockets close. */
  async function removeAccount(userId: string) {
    for (const contributor of registry.contributors) await contributor.onAccountDeletion?.(userId);
    await deps.files.remove(await repository.filesOf(userId));
    await repository.deleteUser(userId);
    deps.announceSessionEnded(userId, { reason: 'revoked' });
  }

  async function buildExport(userId: string) {
    const exportDate = now();
    const [account, role, settings, files] = await Promise.all([
      repository.findAccount(userId),
      deps.identity.roleOf(userId),
      deps.settings.all(userId),
      repository.filesOf(userId),
    ]);
    const data: Record<string, unknown> = {
      // The spec's exported file …
      profile_settings: settings.profile_settings,
      privacy_settings: settings.privacy_settings,
      exportDate: exportDate.toISOString(),
      // … and everything else the user owns.
      account: account && {
        id: account.id,
        email: account.email,
        full_name: account.fullName ?? account.name,
        role,
        selected_interface: account.selectedInterface,
        // Whether people who share nothing with them may find them by name (decision 045).
        findable: account.findable ?? false,
        email_verified: account.emailVerified,
        two_factor_enabled: account.twoFactorEnabled,
        created_at: account.createdAt.toISOString(),
      },
      // Every section, loaded once above (the 'settings' contributor exports nothing itself).
      settings,
      files: files.map((f) => ({
        id: f.id,
        purpose: f.purpose,
        mime: f.mime,
        size_bytes: f.sizeBytes,
        original_name: f.originalName,
        created_at: f.createdAt.toISOString(),
        archive_path: archivePath(f),
      })),
    };
    for (const contributor of registry.contributors)
      if (contributor.export) data[contributor.section] = await contributor.export(userId);
    return { data, files, exportDate };
  }

  function fileName(exportDate: Date, extension: 'json' | 'zip') {
    return `user-data-export-${exportDate.toISOString().slice(0, 10)}.${extension}`;
  }

  return {
    async exportJson(userId: string, context: RequestContext) {
      const { data, exportDate } = await buildExport(userId);
      await securityEvents.record(userId, 'data_exported', {
        userAgent: context.userAgent,
        details: { format: 'json' },
      });
      return { fileName: fileName(exportDate, 'json'), body: JSON.stringify(data, null, 2) };
    },

    async exportZip(userId: string, context: RequestContext) {
      const { data, files, exportDate } = await buildExport(userId);
      await securityEvents.record(userId, 'data_exported', {
        userAgent: context.userAgent,
        details: { format: 'zip', files: files.length },
      });
      const json = Buffer.from(JSON.stringify(data, null, 2));
      const stream = zipStream([
        { name: fileName(exportDate, 'json'), compress: true, open: () => json },
        ...files.map((f) => ({
          name: archivePath(f),
          compress: !/^(image|audio|video)\//.test(f.mime),
          open: () => deps.files.read(f),
        })),
      ]);
      return { fileName: fileName(exportDate, 'zip'), stream };
    },

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
