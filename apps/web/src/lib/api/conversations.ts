import type { Conversation } from '@kaleido/shared/chat/chat.schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

const BASE = '/api/chat/conversations';

/**
 * The caller's conversations: chat keeps the list live from realtime events, the palette
 * searches it. Both read and write the cache under these keys.
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  detail: (conversationId: string) => ['conversations', 'detail', conversationId] as const,
};

/** Newest first. */
export async function fetchConversations(): Promise<Conversation[]> {
  const { conversations } = await api.get<{ conversations: Conversation[] }>(BASE);
  return conversations;
}

export async function fetchConversation(conversationId: string): Promise<Conversation> {
  const { conversation } = await api.get<{ conversation: Conversation }>(
    `${BASE}/${encodeURIComponent(conversationId)}`,
  );
  return conversation;
}

export function conversationsQuery() {
  return queryOptions({ queryKey: conversationKeys.list, queryFn: fetchConversations });
}

export function conversationQuery(conversationId: string) {
  return queryOptions({
    queryKey: conversationKeys.detail(conversationId),
    queryFn: () => fetchConversation(conversationId),
  });
}
