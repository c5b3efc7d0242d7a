import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';
import { api, isNotFound } from '../../../lib/api-client';

export interface NotificationList {
  notifications: Notification[];
  unread: number;
}

/** The signed-in person's notifications, newest first; none while the endpoint is not deployed. */
export async function fetchNotifications(): Promise<NotificationList> {
  try {
    return await api.get<NotificationList>('/api/notifications');
  } catch (error) {
    if (isNotFound(error)) return { notifications: [], unread: 0 };
    throw error;
  }
}

export async function markNotificationsRead(ids?: string[]): Promise<void> {
  await api.post('/api/notifications/read', ids ? { ids } : {});
}

export async function clearNotifications(): Promise<void> {
  await api.delete('/api/notifications');
}
