import { Bell } from 'lucide-react';
import { LazyTrigger } from '../../../components/ui/lazy-overlay';
import { lazyPart } from '../../../lib/lazy-part';
import { useUiState } from '../../../lib/ui-store';
import { badgeText } from '../notification-links';

const list = lazyPart(() => import('./notification-popover'));

/** The top bar's bell: unread badge ('9+' above nine) and the list, newest first. */
export function NotificationBell() {
  const unread = useUiState((s) => s.notifications.filter((n) => !n.read).length);
  const badge = badgeText(unread);
  // The same name and look on the stand-in and on the real popover's trigger.
  const trigger = {
    'aria-label': unread > 0 ? `Notifications, ${unread} unread` : 'Notifications',
    className: 'relative inline-flex size-9 items-center justify-center rounded-md hover:bg-accent',
    children: (
      <>
        <Bell className="size-5" aria-hidden="true" />
        {badge && (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[0.7rem] leading-5 font-semibold text-white"
          >
            {badge}
          </span>
        )}
      </>
    ),
  };
  return (
    <LazyTrigger part={list} standIn={{ ...trigger, 'aria-haspopup': 'dialog' }}>
      {(loaded, takeOver) => <loaded.NotificationPopover trigger={trigger} {...takeOver} />}
    </LazyTrigger>
  );
}
