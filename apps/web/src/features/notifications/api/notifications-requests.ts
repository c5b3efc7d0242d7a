import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';
import { api } from '../../../lib/api-client';

export interface NotificationList {
  notifications: Notification[];
  unread: number;
}

/** The signed-in person's notifications, newest first. */
export function fetchNotifications(): Promise<NotificationList> {
  return api.get<NotificationList>('/api/notifications');
}

export async function markNotificationsRead(ids?: string[]): Promise<void> {
  await api.post('/api/notifications/read', ids ? { ids } : {});
}

export async function clearNotifications(): Promise<void> {
  await api.delete('/api/notifications');
}
