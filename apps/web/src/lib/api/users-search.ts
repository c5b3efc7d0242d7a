import type { UserSearchResult } from '@kaleido/shared/chat/chat.schemas';
import type { Findability } from '@kaleido/shared/users/directory.schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * People by name or email (the server leaves out the caller and keeps 10, SPEC §5). Chat's
 * 'Find users', the palette and voice notes' 'Send' all read it, so one query key serves them.
 */
export const usersSearchKeys = {
  all: ['users', 'search'] as const,
  text: (text: string) => [...usersSearchKeys.all, text] as const,
};

export async function searchUsers(text: string): Promise<UserSearchResult[]> {
  const { users } = await api.get<{ users: UserSearchResult[] }>(
    `/api/users/search?q=${encodeURIComponent(text)}`,
  );
  return users;
}

/** Key and fetcher together; callers add what differs (`enabled`, `retry`). */
export function usersSearchQuery(text: string) {
  return queryOptions({ queryKey: usersSearchKeys.text(text), queryFn: () => searchUsers(text) });
}

/** Whether people who share nothing with me may find me by name (Settings → Privacy). */
export const findabilityKey = ['users', 'me', 'findability'] as const;
export const getFindability = () => api.get<Findability>('/api/users/me/findability');
export const setFindability = (body: Findability) =>
  api.put<Findability>('/api/users/me/findability', body);
