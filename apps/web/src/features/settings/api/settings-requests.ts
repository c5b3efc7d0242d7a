import { api } from '../../../lib/api-client';

export const EXPORT_JSON_URL = '/api/account/export';
export const EXPORT_ZIP_URL = '/api/account/export.zip';

export function deleteAccountData() {
  return api.post<{ ok: true }>('/api/account/delete-data');
}

export function deleteAccount(password: string) {
  return api.post<{ ok: true }>('/api/account/delete', { password });
}
