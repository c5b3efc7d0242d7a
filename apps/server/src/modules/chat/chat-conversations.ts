import { CHAT_MESSAGES } from '@kaleido/shared/chat/chat.schemas';
import { badRequest, notFound } from '../../http/errors';
import { conversationSummary, participantConversation } from './chat-access';
import type { ChatEvents } from './chat-events';
import { toConversation } from './chat-records';
import type { ConversationsRepository } from './conversations.repository';
import type { MessagesRepository } from './messages.repository';

export type ChatConversations = ReturnType<typeof createChatConversations>;

/** Conversations between two people: the list, one of them, starting one, the data export. */
export function createChatConversations(deps: {
  conversations: ConversationsRepository;
  messages: Pick<MessagesRepository, 'sentBy'>;
  events: Pick<ChatEvents, 'conversationStarted'>;
  now: () => Date;
}) {
  const { conversations, messages, events, now } = deps;

  return {
    async listConversations(userId: string) {
      const rows = await conversations.summaries(userId);
      return { conversations: rows.map(toConversation) };
    },

    async getConversation(userId: string, conversationId: string) {
      await participantConversation(conversations, userId, conversationId);
      return { conversation: await conversationSummary(conversations, userId, conversationId) };
    },

    /** Starts a conversation with someone, or answers the one the pair already has. */
    async createConversation(userId: string, input: { participantId: string; title?: string }) {
      const otherId = input.participantId;
      if (otherId === userId) throw badRequest(CHAT_MESSAGES.selfConversation);
      if (!(await conversations.userExists(otherId))) throw notFound(CHAT_MESSAGES.userNotFound);
      const inserted = await conversations.insertConversation({
        participantOneId: userId,
        participantTwoId: otherId,
        title: input.title || null,
        at: now(),
      });
      const row = inserted ?? (await conversations.findConversationBetween(userId, otherId));
      if (!row) throw new Error('conversation neither inserted nor found');
      const conversation = await conversationSummary(conversations, userId, row.id);
      if (inserted) {
        await events.conversationStarted([userId, otherId], {
          conversation_id: row.id,
          updated_at: conversation.updated_at,
          last_message: null,
        });
      }
      return { conversation, created: inserted !== null };
    },

    /** For the data export: the user's conversations and the messages they sent. */
    async exportFor(userId: string) {
      const [rows, sent] = await Promise.all([
        conversations.summaries(userId),
        messages.sentBy(userId),
      ]);
      return {
        conversations: rows.map(toConversation).map((c) => ({
          id: c.id,
          other_participant: c.other_participant,
          created_at: c.created_at,
        })),
        messages_sent: sent.map((m) => ({ ...m, created_at: m.created_at.toISOString() })),
      };
    },
  };
}
