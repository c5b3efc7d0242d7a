import type { Conversation, Message } from '@kaleido/shared/chat/chat.schemas';
import { api, ApiRequestError } from '../../../lib/api-client';

const BASE = '/api/chat/conversations';

/** Chat's own cache; the conversations themselves are in lib/api/conversations (shared). */
export const chatKeys = {
  messages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
};

/** A page of messages, ascending by seq: the newest, or those before `beforeSeq` (scroll back). */
export function fetchMessages(
  conversationId: string,
  beforeSeq?: string,
): Promise<{ messages: Message[]; hasMore: boolean }> {
  const query = new URLSearchParams({ limit: '100' });
  if (beforeSeq) query.set('beforeSeq', beforeSeq);
  return api.get(`${BASE}/${encodeURIComponent(conversationId)}/messages?${query.toString()}`);
}

/** The server answers 201 for a new conversation and 200 with the pair's existing one. */
export async function createConversation(participantId: string): Promise<Conversation> {
  const { conversation } = await api.post<{ conversation: Conversation }>(BASE, { participantId });
  return conversation;
}

export function markRead(conversationId: string, seq: string): Promise<unknown> {
  return api.post(`${BASE}/${conversationId}/read`, { seq });
}

export function sendTyping(conversationId: string, typing: boolean): Promise<unknown> {
  return api.post(`${BASE}/${conversationId}/typing`, { typing });
}

/** Network failures and 5xx are worth retrying with the same client id; 4xx answers are final. */
function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiRequestError) || error.status >= 500 || error.status === 429;
}

/**
 * Posts until the server answers, with backoff. Every attempt carries the same `clientId`, so
 * the server stores the message once however many attempts reach it.
 */
async function withRetry<T>(attempt: () => Promise<T>, tries = 4): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (i - 1)));
    }
  }
}

export function postMessage(
  conversationId: string,
  body: { clientId: string; content: string },
): Promise<Message> {
  return withRetry(async () => {
    const { message } = await api.post<{ message: Message }>(
      `${BASE}/${conversationId}/messages`,
      body,
    );
    return message;
  });
}

/** Attachments and voice messages: the client id goes before the file (the server reads it first). */
export function postMedia(
  conversationId: string,
  kind: 'attachments' | 'voice',
  clientId: string,
  file: Blob,
  fileName: string,
): Promise<Message> {
  return withRetry(async () => {
    const form = new FormData();
    form.append('clientId', clientId);
    form.append('file', file, fileName);
    const { message } = await api.post<{ message: Message }>(
      `${BASE}/${conversationId}/${kind}`,
      form,
    );
    return message;
  });
}
