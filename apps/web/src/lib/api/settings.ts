import type { SettingsResponse, SettingsSection } from '@kaleido/shared/settings/settings.schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * The signed-in person's settings, every section in one answer. The settings screen reads all of
 * it, the shell's appearance sync only `theme_settings` (through `select`), so a saved section
 * reaches both through this one key.
 */
export const settingsKeys = {
  all: ['settings'] as const,
};

export function fetchSettings(): Promise<SettingsResponse> {
  return api.get<SettingsResponse>('/api/settings');
}

/** One changed key at a time, as the spec sends it; the answer is every section. */
export function updateSetting(
  section: SettingsSection,
  patch: Record<string, unknown>,
): Promise<SettingsResponse> {
  return api.patch<SettingsResponse>(`/api/settings/${section}`, patch);
}

export function settingsQuery() {
  return queryOptions({ queryKey: settingsKeys.all, queryFn: fetchSettings });
}
