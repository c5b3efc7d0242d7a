import { toast } from 'sonner';

/** The chat failures of SPEC §8, each shown as 'Error' with its description. */
export const CHAT_ERRORS = {
  send: 'Failed to send message',
  voice: 'Failed to send voice message',
  upload: 'Failed to upload file',
  search: 'Failed to search users',
  create: 'Failed to create conversation',
  loadConversations: 'Failed to load conversations',
  loadMessages: 'Failed to load messages',
} as const;

export function toastChatError(description: (typeof CHAT_ERRORS)[keyof typeof CHAT_ERRORS]): void {
  // One id per kind: a failure repeated by retries or re-renders shows one toast.
  toast.error('Error', { id: `chat-error-${description}`, description });
}
