import { CHAT_MESSAGES } from '@kaleido/shared/chat/chat.schemas';
import { notFound } from '../../http/errors';
import { toConversation } from './chat-records';
import { UUID } from './chat-room';
import type { ConversationsRepository } from './conversations.repository';

/**
 * Someone who is not a participant gets 404, whether or not the conversation exists: one error
 * for both, so a conversation's existence does not leak.
 */
export const conversationNotFound = () => notFound(CHAT_MESSAGES.conversationNotFound);

/** The conversation, if `userId` takes part in it; 404 otherwise. */
export async function participantConversation(
  conversations: Pick<ConversationsRepository, 'findConversationFor'>,
  userId: string,
  conversationId: string,
) {
  const conversation = UUID.test(conversationId)
    ? await conversations.findConversationFor(userId, conversationId)
    : null;
  if (!conversation) throw conversationNotFound();
  return conversation;
}

/** One conversation as its participant `userId` sees it in the list (last message, unread). */
export async function conversationSummary(
  conversations: Pick<ConversationsRepository, 'summaries'>,
  userId: string,
  conversationId: string,
) {
  const [row] = await conversations.summaries(userId, conversationId);
  if (!row) throw conversationNotFound();
  return toConversation(row);
}
