import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '@kaleido/shared/chat/chat.schemas';
import type { EventBus, RoomEvent } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { NotificationsService } from '../notifications/notifications.service';
import { conversationRoom, previewOf } from './chat-records';

const PREVIEW_LENGTH = 100;

type ConversationUpdate = RoomEvent<'conversation.updated'>['data'];
type ReadPosition = RoomEvent<'message.read'>['data'];
type TypingChange = RoomEvent<'typing.changed'>['data'];

/**
 * What happened in chat, in the service's words. The service says what happened; who hears of
 * it, and in which rooms, is decided below (STYLE.md #6).
 */
export interface ChatEvents {
  /** A new message was committed; `recipientId` is the other participant, if still there. */
  messageCreated(message: Message, recipientId: string | null): Promise<void>;
  /** A message's text changed (a voice message's transcript); `seq` orders it for resume. */
  messageUpdated(message: Message, seq: string): Promise<void>;
  conversationStarted(participants: string[], update: ConversationUpdate): Promise<void>;
  readPositionMoved(read: ReadPosition): Promise<void>;
  typingChanged(change: TypingChange): Promise<void>;
}

/** Chat's events as realtime rooms see them: `conversation:<id>`, each `user:<id>`, the bell. */
export function createChatRealtime(deps: {
  bus: EventBus;
  notifications: Pick<NotificationsService, 'notify'>;
  log: FastifyBaseLogger;
}): ChatEvents {
  const { bus, log } = deps;

  async function conversationUpdated(participants: (string | null)[], data: ConversationUpdate) {
    const rooms = participants.filter((id) => id !== null).map(userRoom);
    await Promise.all(
      rooms.map((room) => bus.publish({ room, name: 'conversation.updated', data })),
    );
  }

  /**
   * The bell for the recipient. Of the spec's notification settings none is about in-app chat
   * notices; `email_notifications` decides whether someone away is also emailed
   * (notifications/notification-mail.ts).
   */
  async function notifyRecipient(message: Message, otherId: string) {
    const text = message.content;
    await deps.notifications.notify(otherId, {
      type: 'chat',
      title: message.sender.full_name,
      message: text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text,
      link: `/app/chat/${message.conversation_id}`,
      // The bell shows the preview; mail says only who wrote, as for letters (probe N3).
      emailLine: `${message.sender.full_name} sent you a message.`,
    });
  }

  return {
    /**
     * Live delivery (awaited, so one instance publishes a conversation's messages in commit
     * order), the list reorder published with it (so both travel in one NOTIFY), and the
     * recipient's bell in the background — the row is stored, so the sender need not wait.
     */
    async messageCreated(message, otherId) {
      const delivered = bus.publish({
        room: conversationRoom(message.conversation_id),
        name: 'message.created',
        data: { message },
        seq: message.seq,
      });
      void Promise.all([
        conversationUpdated([message.user_id, otherId], {
          conversation_id: message.conversation_id,
          updated_at: message.created_at,
          last_message: previewOf(message),
        }),
        otherId ? notifyRecipient(message, otherId) : Promise.resolve(),
      ]).catch((error: unknown) => {
        log.error({ err: error, messageId: message.id }, 'chat list update or notification failed');
      });
      await delivered;
    },

    async messageUpdated(message, seq) {
      await bus.publish({
        room: conversationRoom(message.conversation_id),
        name: 'message.updated',
        data: { message },
        seq,
      });
    },

    conversationStarted: conversationUpdated,

    async readPositionMoved(read) {
      await bus.publish({
        room: conversationRoom(read.conversation_id),
        name: 'message.read',
        data: read,
      });
      // The reader's other tabs clear the unread badge even without the conversation open.
      await bus.publish({ room: userRoom(read.user_id), name: 'message.read', data: read });
    },

    async typingChanged(change) {
      await bus.publish({
        room: conversationRoom(change.conversation_id),
        name: 'typing.changed',
        data: change,
      });
    },
  };
}
