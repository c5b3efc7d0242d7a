import '../../../lib/zod';
import type { ProfileResponse, ProfileValue } from '@kaleido/shared/profile/profile.schemas';
import type { ProfileFieldId } from '@kaleido/shared/profile/profile-fields';
import type { ApiError } from '@kaleido/shared/http/api-error';
import { api, ApiRequestError } from '../../../lib/api-client';
import { CSRF_HEADER } from '@kaleido/shared/http/http.constants';

/** The signed-in person's profile; avatar and field saves replace it in the cache. */
export const PROFILE_QUERY_KEY = ['profile', 'self'] as const;

export function fetchProfile(): Promise<ProfileResponse> {
  return api.get<ProfileResponse>('/api/profile');
}

export function updateProfileField(field: ProfileFieldId, value: ProfileValue) {
  return api.patch<ProfileResponse>('/api/profile', { field, value });
}

/**
 * Multipart upload: the shared client only sends JSON, so this one call builds its own request
 * with the same anti-forgery header and error body.
 */
export async function uploadAvatar(file: File, csrfToken: string | null): Promise<ProfileResponse> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/profile/avatar', {
    method: 'POST',
    credentials: 'same-origin',
    headers: csrfToken ? { [CSRF_HEADER]: csrfToken, accept: 'application/json' } : {},
    body: form,
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : {};
  if (!response.ok)
    throw new ApiRequestError(
      response.status,
      body as Partial<ApiError>,
      response.headers.get('retry-after'),
    );
  return body as ProfileResponse;
}
