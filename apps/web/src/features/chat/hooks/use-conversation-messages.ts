import { TYPING_TTL_MS } from '@kaleido/shared/chat/chat.schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { eventData, realtime } from '../../../lib/realtime';
import { chatKeys, fetchMessages, markRead } from '../api/chat-requests';
import { CHAT_ERRORS, toastChatError } from '../api/chat-toasts';
import { newestSeq, upsertMessage, type ChatMessage } from './message-cache';

/**
 * One open conversation: loads its newest messages, then joins `conversation:<id>` from the
 * newest loaded seq so nothing between the load and the join is lost; after a reconnect the
 * realtime layer rejoins from the newest seq seen, and the server replays the gap. Also tracks
 * the other side's typing and marks what we have seen as read.
 */
export function useConversationMessages(conversationId: string, userId: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: chatKeys.messages(conversationId),
    queryFn: async (): Promise<ChatMessage[]> => {
      const page = await fetchMessages(conversationId);
      setHasEarlier(page.hasMore);
      return page.messages;
    },
    // Live events keep the cache current; a refetch would only race them.
    staleTime: Infinity,
    gcTime: 0,
  });
  const [otherTyping, setOtherTyping] = useState(false);
  const [hasEarlier, setHasEarlier] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const loaded = query.isSuccess;

  useEffect(() => {
    if (query.isError) toastChatError(CHAT_ERRORS.loadMessages);
  }, [query.isError]);

  useEffect(() => {
    if (!loaded) return;
    const key = chatKeys.messages(conversationId);
    const afterSeq = () => newestSeq(queryClient.getQueryData<ChatMessage[]>(key));
    const leave = realtime.subscribe(`conversation:${conversationId}`, afterSeq);
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const stopListening = realtime.onEvent((event) => {
      if (event.room !== `conversation:${conversationId}`) return;
      const changed = eventData(event, 'message.created') ?? eventData(event, 'message.updated');
      if (changed) {
        upsertMessage(queryClient, changed.message);
        if (changed.message.user_id !== userId) setOtherTyping(false);
      }
      const typing = eventData(event, 'typing.changed');
      if (typing && typing.user_id !== userId) {
        clearTimeout(typingTimer);
        setOtherTyping(typing.typing);
        if (typing.typing) typingTimer = setTimeout(() => setOtherTyping(false), TYPING_TTL_MS);
      }
    });
    return () => {
      clearTimeout(typingTimer);
      stopListening();
      leave();
      setOtherTyping(false);
    };
  }, [loaded, conversationId, queryClient, userId]);

  // Read receipts: what is on screen in a visible tab counts as read.
  const newest = newestSeq(query.data);
  const lastMarked = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!newest) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || lastMarked.current === newest) return;
      lastMarked.current = newest;
      markRead(conversationId, newest).catch(() => {
        lastMarked.current = undefined;
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [conversationId, newest]);

  /** Scrolling back: the page before the oldest message shown. */
  const loadEarlier = useCallback(async () => {
    const key = chatKeys.messages(conversationId);
    const oldest = queryClient.getQueryData<ChatMessage[]>(key)?.find((m) => !m.status)?.seq;
    if (!oldest) return;
    setLoadingEarlier(true);
    try {
      const page = await fetchMessages(conversationId, oldest);
      for (const message of page.messages) upsertMessage(queryClient, message);
      setHasEarlier(page.hasMore);
    } catch {
      toastChatError(CHAT_ERRORS.loadMessages);
    } finally {
      setLoadingEarlier(false);
    }
  }, [conversationId, queryClient]);

  return { query, otherTyping, hasEarlier, loadingEarlier, loadEarlier };
}
