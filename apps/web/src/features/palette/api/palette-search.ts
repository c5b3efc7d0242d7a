import type { Conversation, UserSearchResult } from '@kaleido/shared/chat/chat.schemas';
import { api, isNotFound } from '../../../lib/api-client';

/** People by name or email (the server excludes the caller and keeps 10, SPEC §5). */
export async function searchPeople(text: string): Promise<UserSearchResult[]> {
  try {
    const { users } = await api.get<{ users: UserSearchResult[] }>(
      `/api/users/search?q=${encodeURIComponent(text)}`,
    );
    return users;
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

/** The caller's conversations, newest first. */
export async function listConversations(): Promise<Conversation[]> {
  try {
    const { conversations } = await api.get<{ conversations: Conversation[] }>(
      '/api/chat/conversations',
    );
    return conversations;
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

export function conversationMatches(conversation: Conversation, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return false;
  return [
    conversation.title,
    conversation.other_participant.full_name,
    conversation.other_participant.email,
  ]
    .filter((value): value is string => typeof value === 'string')
    .some((value) => value.toLowerCase().includes(needle));
}
