import type { FeatureToggles } from '@kaleido/shared/admin/admin.schemas';
import type { SystemSettings } from '@kaleido/shared/settings/settings.schemas';
import type { AuditService } from './audit.service';
import type { InstanceSettingsService } from './instance-settings.service';

export type InstanceSettingsChanges = ReturnType<typeof createInstanceSettingsChanges>;

/**
 * An administrator changes the instance's settings (from the console or the System tab): the
 * change is applied and always audited, `audit_logs` itself included.
 */
export function createInstanceSettingsChanges(deps: {
  settings: InstanceSettingsService;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
}) {
  return {
    async change(
      actorId: string,
      patch: { system?: Partial<SystemSettings>; features?: Partial<FeatureToggles> },
    ) {
      const before = await deps.settings.read();
      const after = await deps.settings.update(patch, deps.now());
      const changed: Record<string, { from: unknown; to: unknown }> = {};
      for (const [key, value] of Object.entries(patch.system ?? {}))
        if (before.system[key as keyof SystemSettings] !== value)
          changed[key] = { from: before.system[key as keyof SystemSettings], to: value };
      for (const [key, value] of Object.entries(patch.features ?? {}))
        if (before.features[key as keyof FeatureToggles] !== value)
          changed[`feature.${key}`] = {
            from: before.features[key as keyof FeatureToggles],
            to: value,
          };
      if (Object.keys(changed).length > 0)
        await deps.audit.record({
          actorId,
          action: 'admin.settings_changed',
          details: { changed },
          force: true,
        });
      return after;
    },
  };
}
