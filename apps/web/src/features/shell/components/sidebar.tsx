import { Dialog, Tooltip } from 'radix-ui';
import { NavLink, useLocation } from 'react-router';
import { useRestoreFocus } from '../../../components/ui/use-restore-focus';
import { cn } from '../../../lib/cn';
import { uiActions } from '../../../lib/ui-store';
import { badgeCount, useMailUnread } from '../../../lib/use-mail-unread';
import { modifierLabel, NAV_ITEMS } from '../nav-items';

/** The sidebar's links; `collapsed` shows icons only, each with a label + shortcut tooltip. */
function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const mod = modifierLabel();
  const mailUnread = useMailUnread();
  return (
    <nav aria-label="Main" className="flex flex-col gap-1 p-2">
      {NAV_ITEMS.map((item) => {
        const current = pathname === item.path || pathname.startsWith(`${item.path}/`);
        const Icon = item.icon;
        const unread = item.modality === 'email' ? mailUnread : 0;
        const unreadLabel = unread > 0 ? `${unread} unread` : '';
        const link = (
          <NavLink
            to={item.path}
            aria-current={current ? 'page' : undefined}
            aria-label={
              collapsed ? [item.label, unreadLabel].filter(Boolean).join(', ') : undefined
            }
            aria-keyshortcuts={`Control+${item.key} Meta+${item.key}`}
            onClick={() => {
              uiActions.setActiveModality(item.modality);
              onNavigate?.();
            }}
            className={cn(
              'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground',
              current && 'bg-accent text-foreground',
              collapsed && 'justify-center px-0',
            )}
          >
            <span className="relative">
              <Icon className="size-5 shrink-0" aria-hidden="true" />
              {collapsed && unread > 0 && (
                <span
                  aria-hidden="true"
                  data-testid={`${item.modality}-unread`}
                  className="absolute -right-2 -top-2 rounded-full bg-primary px-1 text-[10px] leading-4 text-primary-foreground"
                >
                  {badgeCount(unread)}
                </span>
              )}
            </span>
            {!collapsed && <span className="flex-1 truncate">{item.label}</span>}
            {!collapsed && unread > 0 && (
              <span
                data-testid={`${item.modality}-unread`}
                className="rounded-full bg-primary px-2 text-xs text-primary-foreground"
              >
                {badgeCount(unread)}
                <span className="sr-only"> unread</span>
              </span>
            )}
            {!collapsed && (
              <kbd className="text-xs text-muted-foreground">
                {mod}
                {item.key}
              </kbd>
            )}
          </NavLink>
        );
        if (!collapsed) return <div key={item.path}>{link}</div>;
        return (
          <Tooltip.Root key={item.path}>
            <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content
                side="right"
                sideOffset={8}
                className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow"
              >
                {item.label}
                {unread > 0 && ` · ${unreadLabel}`} ({mod}
                {item.key})
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        );
      })}
    </nav>
  );
}

/** Workspace sidebar: 256px expanded, 64px collapsed (SPEC §9). */
export function Sidebar({ expanded }: { expanded: boolean }) {
  return (
    <aside
      data-testid="sidebar"
      data-state={expanded ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-14 hidden h-[calc(100vh-3.5rem)] shrink-0 overflow-y-auto border-r bg-background transition-[width] md:block',
        expanded ? 'w-[256px]' : 'w-[64px]',
      )}
    >
      <SidebarNav collapsed={!expanded} />
    </aside>
  );
}

/** Below 768px the sidebar is a slide-in sheet (18rem). */
export function SidebarSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const restoreFocus = useRestoreFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={restoreFocus}
          data-testid="sidebar-sheet"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-[18rem] border-r bg-background shadow-lg"
        >
          <Dialog.Title className="px-4 pt-4 text-lg font-semibold">Kaleido</Dialog.Title>
          <SidebarNav collapsed={false} onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
