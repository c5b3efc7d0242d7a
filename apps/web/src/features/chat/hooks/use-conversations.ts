import type { Conversation } from '@kaleido/shared/chat/chat.schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { eventData, realtime, useRealtimeStatus } from '../../../lib/realtime';
import { conversationKeys, conversationsQuery } from '../../../lib/api/conversations';
import { CHAT_ERRORS, toastChatError } from '../api/chat-toasts';

/**
 * The conversation list, kept live: `conversation.updated` moves a row to the top with its new
 * preview (and one more unread unless it is open or ours); our own `message.read` clears unread.
 */
export function useConversations(userId: string | undefined, openId: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery(conversationsQuery());
  const openRef = useRef(openId);
  openRef.current = openId;

  useEffect(() => {
    if (query.isError) toastChatError(CHAT_ERRORS.loadConversations);
  }, [query.isError]);

  // After a dropped socket, the list may have missed updates.
  const status = useRealtimeStatus();
  const wasOpen = useRef(false);
  const { refetch } = query;
  useEffect(() => {
    if (status !== 'open') return;
    if (wasOpen.current) void refetch();
    wasOpen.current = true;
  }, [status, refetch]);

  useEffect(
    () =>
      realtime.onEvent((message) => {
        const updated = eventData(message, 'conversation.updated');
        if (updated) {
          const list = queryClient.getQueryData<Conversation[]>(conversationKeys.list);
          const row = list?.find((c) => c.id === updated.conversation_id);
          if (!list || !row) {
            void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
            return;
          }
          const fromOther = updated.last_message && updated.last_message.user_id !== userId;
          const isNewer = row.last_message?.id !== updated.last_message?.id;
          const next: Conversation = {
            ...row,
            updated_at: updated.updated_at,
            last_message: updated.last_message,
            unread_count:
              fromOther && isNewer && openRef.current !== row.id
                ? row.unread_count + 1
                : row.unread_count,
          };
          queryClient.setQueryData<Conversation[]>(conversationKeys.list, [
            next,
            ...list.filter((c) => c.id !== row.id),
          ]);
        }
        const read = eventData(message, 'message.read');
        if (read) {
          queryClient.setQueryData<Conversation[]>(conversationKeys.list, (list) =>
            list?.map((c) => {
              if (c.id !== read.conversation_id) return c;
              return read.user_id === userId
                ? { ...c, unread_count: 0 }
                : { ...c, other_last_read_seq: read.last_read_seq };
            }),
          );
        }
      }),
    [queryClient, userId],
  );

  return query;
}
