import { CHAT_MESSAGES, type ChatUser, type Message } from '@kaleido/shared/chat/chat.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api-client';
import { postMedia, postMessage } from '../api/chat-requests';
import { CHAT_MEDIA_POLICY } from '@kaleido/shared/files/upload-policies';
import { CHAT_ERRORS, toastChatError } from '../api/chat-toasts';
import { removeMessage, upsertMessage, type ChatMessage, type Outgoing } from './message-cache';

function pendingMessage(
  conversationId: string,
  clientId: string,
  sender: ChatUser,
  outgoing: Outgoing,
): ChatMessage {
  const base = {
    id: `pending-${clientId}`,
    client_id: clientId,
    seq: '0',
    conversation_id: conversationId,
    user_id: sender.id,
    privacy_level: 'shared',
    emotional_state: {},
    media_file_id: null,
    created_at: new Date().toISOString(),
    sender,
    status: 'sending' as const,
    outgoing,
  };
  switch (outgoing.kind) {
    case 'text':
      return {
        ...base,
        content: outgoing.content,
        input_type: 'text',
        audio_url: null,
        media: null,
      };
    case 'voice':
      // Played from memory at once; the stored copy replaces it when the upload answers.
      return {
        ...base,
        content: CHAT_MESSAGES.voiceMessage,
        input_type: 'audio',
        audio_url: outgoing.url,
        media: null,
      };
    case 'attachment':
      return {
        ...base,
        content: `[file: ${outgoing.file.name}]`,
        input_type: 'document',
        audio_url: null,
        media: null,
      };
  }
}

function post(conversationId: string, clientId: string, outgoing: Outgoing): Promise<Message> {
  switch (outgoing.kind) {
    case 'text':
      return postMessage(conversationId, { clientId, content: outgoing.content });
    case 'attachment':
      return postMedia(conversationId, 'attachments', clientId, outgoing.file, outgoing.file.name);
    case 'voice':
      return postMedia(conversationId, 'voice', clientId, outgoing.audio, 'voice-message.webm');
  }
}

/**
 * Sends with a client id made once per message: shown at once as pending, retried with the same
 * id (never duplicated), replaced by the stored message, or left as failed with a retry.
 * Returns the server's validation message for a rejected text, so the composer can show it.
 */
export function useSendMessage(conversationId: string, sender: ChatUser) {
  const queryClient = useQueryClient();
  return useCallback(
    async (outgoing: Outgoing, clientId: string = crypto.randomUUID()): Promise<string | null> => {
      const pending = pendingMessage(conversationId, clientId, sender, outgoing);
      upsertMessage(queryClient, pending);
      try {
        upsertMessage(queryClient, await post(conversationId, clientId, outgoing));
        // The stored copy plays from the server now; a failed one keeps its recording to retry.
        if (outgoing.kind === 'voice') URL.revokeObjectURL(outgoing.url);
        return null;
      } catch (error) {
        const rejected =
          error instanceof ApiRequestError && error.status < 500 && error.status !== 429;
        if (rejected) removeMessage(queryClient, conversationId, clientId);
        else upsertMessage(queryClient, { ...pending, status: 'failed' });
        if (error instanceof ApiRequestError && error.status === 413) {
          toast.error(CHAT_MEDIA_POLICY.tooLargeTitle, {
            description: CHAT_MEDIA_POLICY.tooLargeMessage,
          });
        } else if (outgoing.kind === 'text') {
          if (rejected && error.errors?.[0]) return error.errors[0].message;
          toastChatError(CHAT_ERRORS.send);
        } else {
          toastChatError(outgoing.kind === 'voice' ? CHAT_ERRORS.voice : CHAT_ERRORS.upload);
        }
        return null;
      }
    },
    [conversationId, queryClient, sender],
  );
}
