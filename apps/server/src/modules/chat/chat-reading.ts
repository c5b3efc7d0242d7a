import { notFound } from '../../http/errors';
import { participantConversation } from './chat-access';
import type { ChatEvents } from './chat-events';
import { toMessage } from './chat-records';
import { UUID } from './chat-room';
import type { ConversationsRepository } from './conversations.repository';
import type { MessagesRepository } from './messages.repository';

export type ChatReading = ReturnType<typeof createChatReading>;

/**
 * Inside a conversation a participant has open: its messages page by page, read receipts, the
 * typing indicator and the files its messages carry.
 */
export function createChatReading(deps: {
  conversations: ConversationsRepository;
  messages: Pick<MessagesRepository, 'listMessages'>;
  events: Pick<ChatEvents, 'readPositionMoved' | 'typingChanged'>;
  now: () => Date;
}) {
  const { conversations, messages, events, now } = deps;

  return {
    async listMessages(
      userId: string,
      conversationId: string,
      page: { afterSeq?: string; beforeSeq?: string; limit: number },
    ) {
      await participantConversation(conversations, userId, conversationId);
      const rows = await messages.listMessages(conversationId, {
        afterSeq: page.afterSeq === undefined ? undefined : Number(page.afterSeq),
        beforeSeq: page.beforeSeq === undefined ? undefined : Number(page.beforeSeq),
        limit: page.limit + 1,
      });
      const hasMore = rows.length > page.limit;
      const shown = !hasMore ? rows : page.afterSeq ? rows.slice(0, -1) : rows.slice(1);
      return { messages: shown.map(toMessage), hasMore };
    },

    /** Read receipts: moves the reader's position forward and tells the conversation. */
    async markRead(userId: string, conversationId: string, seq: string) {
      await participantConversation(conversations, userId, conversationId);
      const read = await conversations.markRead(conversationId, userId, Number(seq), now());
      if (read.changed) {
        const data = {
          conversation_id: conversationId,
          user_id: userId,
          last_read_seq: read.lastReadSeq,
        };
        await events.readPositionMoved(data);
      }
      return { last_read_seq: read.lastReadSeq };
    },

    async setTyping(userId: string, conversationId: string, typing: boolean) {
      await participantConversation(conversations, userId, conversationId);
      await events.typingChanged({ conversation_id: conversationId, user_id: userId, typing });
    },

    /** A chat file, only for participants of a conversation that carries it (404 otherwise). */
    async mediaFor(userId: string, fileId: string) {
      const file = UUID.test(fileId) ? await conversations.findMediaFor(userId, fileId) : null;
      if (!file) throw notFound('File not found');
      return file;
    },
  };
}
