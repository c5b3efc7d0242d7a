import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { eventData, realtime, useRealtimeStatus } from '../../../lib/realtime';
import { getUiState, uiActions, useUiState } from '../../../lib/ui-store';
import { fetchNotifications, markNotificationsRead } from '../api/notifications-requests';
import { isAlreadyInView, notificationTarget } from '../notification-links';

/**
 * Keeps the store's notifications in step with the server: the list on load, then live events.
 * The newest unread notification is announced by a toast with 'View', once per id.
 */
export function useNotificationsSync(): void {
  const navigate = useNavigate();
  const query = useQuery({ queryKey: ['notifications'], queryFn: fetchNotifications });
  const status = useRealtimeStatus();
  const { refetch } = query;
  const { pathname } = useLocation();
  const currentPath = useRef(pathname);
  currentPath.current = pathname;

  // Back online after a drop: fetch what arrived while the socket was down.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (status !== 'open') return;
    if (wasOpen.current) void refetch();
    wasOpen.current = true;
  }, [status, refetch]);

  useEffect(() => {
    if (query.data) uiActions.replaceNotifications(query.data.notifications);
  }, [query.data]);

  useEffect(
    () =>
      realtime.onEvent((message) => {
        const created = eventData(message, 'notification.created');
        if (created) {
          const where = {
            pathname: currentPath.current,
            visible: document.visibilityState === 'visible',
          };
          // A message in the conversation already open is seen as it arrives: no toast, no badge.
          if (isAlreadyInView(created.notification, where)) {
            uiActions.addNotification({ ...created.notification, read: true });
            markNotificationsRead([created.notification.id]).catch(() => undefined);
          } else uiActions.addNotification(created.notification);
        }
        const read = eventData(message, 'notifications.read');
        if (read) uiActions.markNotificationsRead(read.ids);
        if (eventData(message, 'notifications.cleared')) uiActions.clearNotifications();
      }),
    [],
  );

  const newest = useUiState((s) => s.notifications[0]);
  useEffect(() => {
    if (!newest || newest.read) return;
    if (getUiState().lastToastedNotificationId === newest.id) return;
    uiActions.markNotificationToasted(newest.id);
    toast(newest.title, {
      id: `notification-${newest.id}`,
      description: newest.message,
      action: { label: 'View', onClick: () => void navigate(notificationTarget(newest)) },
    });
  }, [newest, navigate]);
}
