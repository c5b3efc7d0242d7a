import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';
import { NOTIFICATIONS_KEPT } from '@kaleido/shared/notifications/notifications.schemas';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { createNotificationsRepository, NotificationRow } from './notifications.repository';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.readAt !== null,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stored notifications, pushed live to every tab of the user. */
export function createNotificationsService(deps: {
  repository: ReturnType<typeof createNotificationsRepository>;
  bus: EventBus;
  /** Called after a notification is stored and pushed (e.g. to email someone who is away). */
  onCreated?: (userId: string, notification: Notification) => Promise<void>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const room = userRoom;
  return {
    async notify(
      userId: string,
      input: { type: Notification['type']; title: string; message: string; link?: string | null },
    ) {
      const row = await deps.repository.insert(
        {
          userId,
          type: input.type,
          title: input.title,
          message: input.message,
          link: input.link ?? null,
        },
        now(),
      );
      const notification = toNotification(row);
      await deps.bus.publish({
        room: room(userId),
        name: 'notification.created',
        data: { notification },
      });
      await deps.onCreated?.(userId, notification).catch(() => undefined);
      return notification;
    },

    async list(userId: string) {
      const [rows, unread] = await Promise.all([
        deps.repository.listNewest(userId, NOTIFICATIONS_KEPT),
        deps.repository.countUnread(userId),
      ]);
      return { notifications: rows.map(toNotification), unread };
    },

    async markRead(userId: string, ids: string[] | undefined) {
      const changed = await deps.repository.markRead(userId, ids, now());
      if (changed.length > 0)
        await deps.bus.publish({
          room: room(userId),
          name: 'notifications.read',
          data: { ids: changed },
        });
      return { ids: changed };
    },

    async clear(userId: string) {
      await deps.repository.deleteAll(userId);
      await deps.bus.publish({ room: room(userId), name: 'notifications.cleared', data: {} });
    },
  };
}
