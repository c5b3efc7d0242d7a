import type { Conversation } from '@kaleido/shared/chat/chat.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { conversationKeys } from '../../../lib/api/conversations';
import { createConversation } from '../api/chat-requests';
import { CHAT_ERRORS, toastChatError } from '../api/chat-toasts';

/**
 * Starts a conversation with a person (by user id) and opens it. The server answers with the
 * pair's existing conversation when there is one; that one just opens, without the toast.
 */
export function useStartConversation(options: { onDone?: () => void; replace?: boolean } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (participantId: string) => createConversation(participantId),
    onSuccess: async (conversation) => {
      const list = queryClient.getQueryData<Conversation[]>(conversationKeys.list);
      if (!list?.some((c) => c.id === conversation.id)) {
        toast.success('Success', { description: 'Conversation created successfully' });
      }
      await queryClient.invalidateQueries({ queryKey: conversationKeys.list });
      options.onDone?.();
      await navigate(`/app/chat/${conversation.id}`, { replace: options.replace ?? false });
    },
    onError: () => toastChatError(CHAT_ERRORS.create),
  });
}

/**
 * `/app/chat/new?with=<user id>` (the command palette's Search Contacts) opens the conversation
 * with that person, starting it if needed. Waits for the list so 'created' is told correctly.
 */
export function useStartFromLink(listReady: boolean): void {
  const [params] = useSearchParams();
  const withUser = params.get('with');
  const { mutate } = useStartConversation({ replace: true });
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!withUser || !listReady || started.current === withUser) return;
    started.current = withUser;
    mutate(withUser);
  }, [withUser, listReady, mutate]);
}
