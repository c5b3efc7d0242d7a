import { Popover } from 'radix-ui';
import { useId, type ButtonHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import type { TakeOver } from '../../../components/ui/lazy-overlay';
import { cn } from '../../../lib/cn';
import { uiActions, useUiState } from '../../../lib/ui-store';
import { clearNotifications, markNotificationsRead } from '../api/notifications-requests';
import { notificationTarget } from '../notification-links';

function reportFailure() {
  toast.error('Error', { description: 'Something went wrong. Please try again.' });
}

/** The bell's list itself (`NotificationBell` draws the bell before this arrives). */
export function NotificationPopover({
  trigger,
  defaultOpen,
  triggerRef,
}: { trigger: ButtonHTMLAttributes<HTMLButtonElement> } & TakeOver) {
  const navigate = useNavigate();
  const notifications = useUiState((s) => s.notifications);
  const unread = notifications.filter((n) => !n.read).length;
  // The list's state says why 'Mark all read' or 'Clear' has nothing to do.
  const stateId = useId();

  function markRead(ids?: string[]) {
    uiActions.markNotificationsRead(ids);
    markNotificationsRead(ids).catch(reportFailure);
  }

  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger ref={triggerRef} {...trigger} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label="Notifications"
          className="z-50 w-80 rounded-md border bg-background p-2 shadow-md"
        >
          <div className="flex items-center justify-between px-2 py-1">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <div className="flex gap-1">
              <Button
                variant="ghost"
                size="sm"
                disabled={unread === 0}
                aria-describedby={unread === 0 ? stateId : undefined}
                onClick={() => markRead()}
              >
                Mark all read
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={notifications.length === 0}
                aria-describedby={notifications.length === 0 ? stateId : undefined}
                onClick={() => {
                  uiActions.clearNotifications();
                  clearNotifications().catch(reportFailure);
                }}
              >
                Clear
              </Button>
            </div>
          </div>
          {notifications.length > 0 && unread === 0 && (
            <p id={stateId} className="px-2 pb-1 text-xs text-muted-foreground">
              All caught up: nothing unread.
            </p>
          )}
          {notifications.length === 0 ? (
            <p id={stateId} className="px-2 py-6 text-center text-sm text-muted-foreground">
              No notifications yet
            </p>
          ) : (
            <ul className="max-h-80 overflow-y-auto" data-testid="notification-list">
              {notifications.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    className={cn(
                      'w-full rounded-sm px-2 py-2 text-left text-sm hover:bg-accent',
                      !n.read && 'font-medium',
                    )}
                    onClick={() => {
                      if (!n.read) markRead([n.id]);
                      void navigate(notificationTarget(n));
                    }}
                  >
                    <span className="block">
                      {!n.read && <span className="sr-only">Unread: </span>}
                      {n.title}
                    </span>
                    <span className="block text-xs text-muted-foreground">{n.message}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
