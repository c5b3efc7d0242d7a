import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '@kaleido/shared/chat/chat.schemas';
import type { EventBus, RoomEvent } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { NotificationsService } from '../notifications/notifications.service';
import { conversationRoom, previewOf } from './chat-records';

const PREVIEW_LENGTH = 100;

/** What happens after a message is stored: live delivery, the list reorder, the bell. */
export function createChatDelivery(deps: {
  bus: EventBus;
  notifications: NotificationsService;
  log: FastifyBaseLogger;
}) {
  const { bus, log } = deps;

  async function conversationUpdated(
    participants: (string | null)[],
    data: RoomEvent<'conversation.updated'>['data'],
  ) {
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
    });
  }

  return {
    conversationUpdated,

    /**
     * After a new message is committed: live delivery (awaited, so one instance publishes a
     * conversation's messages in commit order), the list reorder published with it (so both
     * travel in one NOTIFY), and the recipient's bell in the background — the row is stored, so
     * the sender need not wait for those.
     */
    async announce(message: Message, otherId: string | null) {
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
  };
}
