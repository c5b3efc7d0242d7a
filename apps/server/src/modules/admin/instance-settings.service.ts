import {
  DEFAULT_FEATURE_TOGGLES,
  FEATURE_TOGGLES,
  type FeatureToggle,
  type FeatureToggles,
} from '@kaleido/shared/admin/admin.schemas';
import {
  DEFAULT_SETTINGS,
  SystemSettingsSchema,
  type SystemSettings,
} from '@kaleido/shared/settings/settings.schemas';
import { badRequest } from '../../http/errors';
import type { InstanceSettingsRepository } from './instance-settings.repository';

export type InstanceSettingsService = ReturnType<typeof createInstanceSettingsService>;

export interface InstanceSettings {
  system: SystemSettings;
  features: FeatureToggles;
}

/** How long one instance trusts what it read; a change made here is seen here at once. */
const CACHE_MS = 2_000;
/** HIPAA's idle timeout (docs/compliance.md); the configured one when it is shorter. */
export const HIPAA_IDLE_MINUTES = 15;
/** GDPR's storage limitation: retention must be set, and at most this (docs/compliance.md). */
export const GDPR_MAX_RETENTION_DAYS = 1095;
export const GDPR_RETENTION_MESSAGE = `In GDPR mode data retention must be at most ${GDPR_MAX_RETENTION_DAYS} days`;

const SYSTEM_KEYS = ['audit_logs', 'data_retention_days', 'compliance_mode'] as const;
const featureKey = (toggle: FeatureToggle) => `feature.${toggle}`;

/**
 * The instance's settings (system settings and feature toggles), one row per key, over the
 * spec's defaults. Other instances see a change within CACHE_MS.
 */
export function createInstanceSettingsService(repository: InstanceSettingsRepository) {
  let cached: { at: number; value: InstanceSettings } | null = null;

  async function read(): Promise<InstanceSettings> {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    const stored = await repository.all();
    const system = { ...DEFAULT_SETTINGS.system_settings };
    for (const key of SYSTEM_KEYS) {
      const parsed = SystemSettingsSchema.shape[key].safeParse(stored[key]);
      if (parsed.success) Object.assign(system, { [key]: parsed.data });
    }
    const features = { ...DEFAULT_FEATURE_TOGGLES };
    for (const toggle of FEATURE_TOGGLES) {
      const value = stored[featureKey(toggle)];
      if (typeof value === 'boolean') features[toggle] = value;
    }
    const value = { system, features };
    cached = { at: Date.now(), value };
    return value;
  }

  return {
    read,
    system: async () => (await read()).system,
    features: async () => (await read()).features,
    feature: async (toggle: FeatureToggle) => (await read()).features[toggle],
    auditEnabled: async () => (await read()).system.audit_logs,
    complianceMode: async () => (await read()).system.compliance_mode,
    /** The idle timeout in force: HIPAA shortens the configured one (docs/compliance.md). */
    async idleMinutes(configured: number): Promise<number> {
      const mode = (await read()).system.compliance_mode;
      return mode === 'hipaa' ? Math.min(configured, HIPAA_IDLE_MINUTES) : configured;
    },
    /** Research export runs only in the research compliance mode. */
    researchExportEnabled: async () => (await read()).system.compliance_mode === 'research',

    async update(
      patch: { system?: Partial<SystemSettings>; features?: Partial<FeatureToggles> },
      at: Date,
    ): Promise<InstanceSettings> {
      const current = await read();
      const next = { ...current.system, ...patch.system };
      if (next.compliance_mode === 'gdpr' && next.data_retention_days > GDPR_MAX_RETENTION_DAYS)
        throw badRequest(GDPR_RETENTION_MESSAGE, undefined, 'VALIDATION');
      const values: Record<string, unknown> = { ...patch.system };
      for (const [toggle, on] of Object.entries(patch.features ?? {}))
        values[featureKey(toggle as FeatureToggle)] = on;
      await repository.set(values, at);
      cached = null;
      return read();
    },
  };
}
