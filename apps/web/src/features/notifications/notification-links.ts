import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';
import { MODALITY_PATHS } from '../../lib/modalities';

/** Where 'View' leads: the notification's own link, else its modality's page. */
export function notificationTarget(notification: Notification): string {
  return notification.link ?? MODALITY_PATHS[notification.type];
}

/** The bell's badge: the count, or '9+' above nine (SPEC §9). */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}

/**
 * Whether the person is already looking at what the notification is about (the conversation it
 * links to is open in a visible tab): then it should not ring, it is simply read.
 */
export function isAlreadyInView(
  notification: Notification,
  where: { pathname: string; visible: boolean },
): boolean {
  return where.visible && notification.link !== null && notification.link === where.pathname;
}
