import type { RequestContext } from '../../http/request-context';
import type { IdentityService } from '../identity/identity.service';
import type { FileRow } from '../files/files.repository';
import type { FilesService } from '../files/files.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type { SettingsService } from '../settings/settings.service';
import { zipStream } from './account-archive';
import type { AccountDataRegistry } from './account-data.registry';
import type { AccountRepository } from './account.repository';

export type AccountExport = ReturnType<typeof createAccountExport>;

/** Where a file sits inside the archive; the export file lists it under the same path. */
function archivePath(file: FileRow): string {
  const safeName = file.originalName.replace(/[^\w.-]+/g, '_').slice(-100) || 'file';
  return `files/${file.purpose}/${file.id}-${safeName}`;
}

function fileName(exportDate: Date, extension: 'json' | 'zip') {
  return `user-data-export-${exportDate.toISOString().slice(0, 10)}.${extension}`;
}

/**
 * The user's data as a whole (SPEC §3 exported file), as JSON or as a zip with their files. What
 * each feature holds comes from the registry, so a new feature adds its part in one place.
 */
export function createAccountExport(deps: {
  repository: Pick<AccountRepository, 'findAccount' | 'filesOf'>;
  registry: AccountDataRegistry;
  identity: Pick<IdentityService, 'roleOf'>;
  settings: Pick<SettingsService, 'all'>;
  files: Pick<FilesService, 'read'>;
  securityEvents: Pick<SecurityEventsService, 'record'>;
  now?: () => Date;
}) {
  const { repository, registry, securityEvents } = deps;
  const now = deps.now ?? (() => new Date());

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
  };
}
