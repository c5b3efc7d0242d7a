import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';
import { NOTIFICATIONS_KEPT } from '@kaleido/shared/notifications/notifications.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { NotificationsRepository, NotificationRow } from './notifications.repository';

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

const TRIM_EVERY_MS = 2000;

/** Stored notifications, pushed live to every tab of the user. */
export function createNotificationsService(deps: {
  repository: NotificationsRepository;
  bus: EventBus;
  /**
   * Called after a notification is stored and pushed (e.g. to email someone who is away), with
   * the line the email may carry (see `notify`).
   */
  onCreated?: (userId: string, notification: Notification, emailLine?: string) => Promise<void>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const room = userRoom;

  // Trimming each user's list to the newest 50 after every insert cost a busy chat a fifth of
  // its throughput; users who got notifications are trimmed together every few seconds instead.
  // The list and the unread count only ever look at the newest 50, so nobody sees the extra.
  let untrimmed = new Set<string>();
  async function trimNow() {
    const users = [...untrimmed];
    untrimmed = new Set();
    for (let i = 0; i < users.length; i += 1000) {
      await deps.repository.trim(users.slice(i, i + 1000), NOTIFICATIONS_KEPT);
    }
  }
  const trimTimer = setInterval(() => void trimNow().catch(() => undefined), TRIM_EVERY_MS);
  trimTimer.unref();
  // Emails still on their way; `close` waits for them so none runs against a closed mailer.
  const emailing = new Set<Promise<void>>();

  return {
    /**
     * `message` is what the bell shows the person (a chat preview, a voice note's title). Mail
     * leaves the instance and may sit in outboxes, so it never carries it: only `emailLine`, a
     * sentence with no words anyone wrote ("Ada sent you a message."), or a generic one.
     */
    async notify(
      userId: string,
      input: {
        type: Notification['type'];
        title: string;
        message: string;
        link?: string | null;
        emailLine?: string;
      },
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
      untrimmed.add(userId);
      const notification = toNotification(row);
      await deps.bus.publish({
        room: room(userId),
        name: 'notification.created',
        data: { notification },
      });
      // The email (lookups and an SMTP round trip) must not hold up whoever notified; a
      // failure there costs only the email, so it is logged rather than thrown.
      const email = deps
        .onCreated?.(userId, notification, input.emailLine)
        .catch((err: unknown) => {
          deps.log.warn({ err, userId }, 'failed to email a notification');
        });
      if (email) {
        emailing.add(email);
        void email.finally(() => emailing.delete(email));
      }
      return notification;
    },

    async list(userId: string) {
      const [rows, unread] = await Promise.all([
        deps.repository.listNewest(userId, NOTIFICATIONS_KEPT),
        deps.repository.countUnread(userId, NOTIFICATIONS_KEPT),
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

    /**
     * What a feature already showed the person counts as seen: its notifications of `type`
     * pointing at `links` (mail opened → its 'New message' notification) are marked read.
     */
    async markReadLinked(userId: string, type: Notification['type'], links: string[]) {
      const changed = await deps.repository.markReadLinked(userId, type, links, now());
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

    /** Trims now the lists that grew since the last trim (the timer does it every 2 s). */
    trimNow,

    async close() {
      clearInterval(trimTimer);
      await Promise.all(emailing);
      await trimNow();
    },
  };
}
