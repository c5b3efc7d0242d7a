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
 * Whether the person is already looking at what the notification is about: a chat message in
 * the conversation open in a visible tab. Then it should not ring, it is simply read. Other kinds
 * still ring on their own page (a new sign-in shown on the security page is still news).
 */
export function isAlreadyInView(
  notification: Notification,
  where: { pathname: string; visible: boolean },
): boolean {
  return (
    notification.type === 'chat' &&
    where.visible &&
    notification.link !== null &&
    notification.link === where.pathname
  );
}
