import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InstanceSettingsPatchSchema } from '@kaleido/shared/admin/admin.schemas';
import { adminOnly, type AdminGate } from './admin-access';
import type { InstanceSettingsChanges } from './instance-settings-changes';
import type { InstanceSettingsService } from './instance-settings.service';
import type { RetentionService } from './retention.service';

/** Instance settings, feature toggles and the retention preview and run. */
export function registerInstanceSettingsRoutes(
  app: FastifyInstance,
  deps: {
    settings: InstanceSettingsService;
    changes: InstanceSettingsChanges;
    retention: RetentionService;
    requireAdmin: AdminGate;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminOnly(deps.requireAdmin);

  // What the web needs to hide what is off; anyone may ask (the sign-in page hides nothing).
  r.get('/api/instance/features', { config: { passive: true } }, async () => {
    const { features, system } = await deps.settings.read();
    return { features, complianceMode: system.compliance_mode };
  });

  r.get('/api/admin/settings', guarded, () => deps.settings.read());

  r.patch(
    '/api/admin/settings',
    { ...guarded, schema: { body: InstanceSettingsPatchSchema } },
    async (request) => {
      const { user } = await deps.requireAdmin(request);
      return deps.changes.change(user.id, request.body);
    },
  );

  r.get('/api/admin/retention/preview', guarded, () => deps.retention.preview());

  r.post('/api/admin/retention/run', guarded, async (request) => {
    const { user } = await deps.requireAdmin(request);
    return deps.retention.run(user.id);
  });
}
