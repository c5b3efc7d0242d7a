import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';

const TYPE_PATHS: Record<Notification['type'], string> = {
  chat: '/app/chat',
  voice: '/app/voice-notes',
  email: '/app/email',
  calls: '/app/calls',
  journal: '/app/journal',
  settings: '/app/settings',
};

/** Where 'View' leads: the notification's own link, else its modality's page. */
export function notificationTarget(notification: Notification): string {
  return notification.link ?? TYPE_PATHS[notification.type];
}

/** The bell's badge: the count, or '9+' above nine (SPEC §9). */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}
