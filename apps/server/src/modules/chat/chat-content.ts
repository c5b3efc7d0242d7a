import type { Message } from '@kaleido/shared/chat/chat.schemas';
import type { ContentEvents } from '../content/content-events';
import type { ChatEvents } from './chat-events';
import type { MessagesRepository } from './messages.repository';

/** The placeholder of a voice message until its transcript arrives: not the person's words. */
const VOICE_PLACEHOLDER = '[Voice message]';

/** A person's own messages, text or transcribed voice, as analysis reads them. */
export function registerChatContent(content: ContentEvents, messages: MessagesRepository) {
  content.registerSource('chat', {
    async load(id) {
      const row = await messages.findMessage(id);
      if (!row?.userId) return null;
      if (row.inputType !== 'text' && row.inputType !== 'audio') return null;
      if (row.content === VOICE_PLACEHOLDER) return null;
      return {
        userId: row.userId,
        text: row.content,
        occurredAt: row.createdAt,
        mood: null,
        title: 'Chat message',
        href: `/app/chat/${row.conversationId}`,
        tags: [],
      };
    },
    idsOf: async (userId) =>
      (await messages.sentBy(userId))
        .filter((m) => m.input_type === 'text' || m.input_type === 'audio')
        .map((m) => m.id),
    setEmotionalState: (id, state, remove) => messages.setEmotionalState(id, state, remove),
  });
}

/**
 * Chat's events, plus "the sender's words were saved" for the features that derive from text.
 * Not awaited: a send never waits for analysis to be queued (listeners log their own failures).
 */
export function withContentEvents(
  events: ChatEvents,
  content: Pick<ContentEvents, 'saved'>,
): ChatEvents {
  const saved = (message: Message) => {
    if (message.user_id && message.content !== VOICE_PLACEHOLDER)
      void content.saved({ userId: message.user_id, kind: 'chat', id: message.id });
  };
  return {
    ...events,
    async messageCreated(message, recipientId) {
      await events.messageCreated(message, recipientId);
      if (message.input_type === 'text') saved(message);
    },
    async messageUpdated(message, seq) {
      await events.messageUpdated(message, seq);
      saved(message);
    },
  };
}
