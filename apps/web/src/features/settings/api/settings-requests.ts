import type { SettingsResponse, SettingsSection } from '@kaleido/shared/settings/settings.schemas';
import { api } from '../../../lib/api-client';

/**
 * Every settings query starts with 'settings': the shell's appearance query is
 * ['settings', 'theme'], so invalidating ['settings'] refreshes both.
 */
export const SETTINGS_QUERY_KEY = ['settings', 'all'] as const;
export const THEME_QUERY_KEY = ['settings', 'theme'] as const;

export const EXPORT_JSON_URL = '/api/account/export';
export const EXPORT_ZIP_URL = '/api/account/export.zip';

export function fetchSettings(): Promise<SettingsResponse> {
  return api.get<SettingsResponse>('/api/settings');
}

/** One changed key at a time, as the spec sends it; the answer is every section. */
export function updateSetting(section: SettingsSection, patch: Record<string, unknown>) {
  return api.patch<SettingsResponse>(`/api/settings/${section}`, patch);
}

export function deleteAccountData() {
  return api.post<{ ok: true }>('/api/account/delete-data');
}

export function deleteAccount(password: string) {
  return api.post<{ ok: true }>('/api/account/delete', { password });
}
