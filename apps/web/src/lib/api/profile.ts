import '../zod';
import type { ProfileResponse, ProfileValue } from '@kaleido/shared/profile/profile.schemas';
import type { ProfileFieldId } from '@kaleido/shared/profile/profile-fields';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * The signed-in person's profile row. Settings' Profile tab shows fields of the same row, so a
 * settings save invalidates `profileKeys.all` and a profile save invalidates the settings.
 */
export const profileKeys = {
  all: ['profile'] as const,
  self: ['profile', 'self'] as const,
};

export function fetchProfile(): Promise<ProfileResponse> {
  return api.get<ProfileResponse>('/api/profile');
}

export function updateProfileField(field: ProfileFieldId, value: ProfileValue) {
  return api.patch<ProfileResponse>('/api/profile', { field, value });
}

/** Multipart upload through the API client (401 → sign-in, anti-forgery retry). */
export function uploadAvatar(file: File): Promise<ProfileResponse> {
  const form = new FormData();
  form.append('file', file);
  return api.post<ProfileResponse>('/api/profile/avatar', form);
}

export function profileQuery() {
  return queryOptions({ queryKey: profileKeys.self, queryFn: fetchProfile });
}
