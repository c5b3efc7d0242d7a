import { Link, NavLink, useLocation } from 'react-router';
import { Tip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { CLIENT_PAGES, isCurrentClientPage } from '../../../lib/interfaces';
import { uiActions } from '../../../lib/ui-store';
import { badgeCount, useEmailUnread } from '../../../lib/use-email-unread';
import { modifierLabel, NAV_ITEMS } from '../nav-items';

/**
 * The sidebar's links; `collapsed` shows icons only, each with a label + shortcut tooltip. Whoever
 * works in the client interface also gets its pages, below the workspace's nine (issue 25 item 1):
 * the professional's home and their own journal are each one click away.
 */
export function SidebarNav({
  collapsed,
  clientInterface = false,
  onNavigate,
}: {
  collapsed: boolean;
  clientInterface?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <>
      <WorkspaceNav collapsed={collapsed} onNavigate={onNavigate} />
      {clientInterface && <ClientInterfaceNav collapsed={collapsed} onNavigate={onNavigate} />}
    </>
  );
}

const linkClass = (current: boolean, collapsed: boolean) =>
  cn(
    'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground',
    current && 'bg-accent text-foreground',
    collapsed && 'justify-center px-0',
  );

const tipClass = 'z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow';

/** People, Requests and Reports of the client interface. */
function ClientInterfaceNav({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: (() => void) | undefined;
}) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Client Interface" className="flex flex-col gap-1 border-t p-2">
      {!collapsed && (
        <h2 className="px-3 pt-2 pb-1 text-xs font-medium text-muted-foreground">
          Client Interface
        </h2>
      )}
      {CLIENT_PAGES.map((page) => {
        const current = isCurrentClientPage(page, pathname);
        const Icon = page.icon;
        // A Link, not a NavLink: NavLink would set aria-current by its own rule, and a person's
        // page (/client/people/…) is People's too.
        const link = (
          <Link
            to={page.path}
            aria-current={current ? 'page' : undefined}
            aria-label={collapsed ? page.label : undefined}
            onClick={() => onNavigate?.()}
            className={linkClass(current, collapsed)}
          >
            <Icon className="size-5 shrink-0" aria-hidden="true" />
            {!collapsed && <span className="flex-1 truncate">{page.label}</span>}
          </Link>
        );
        if (!collapsed) return <div key={page.path}>{link}</div>;
        return (
          <Tip
            key={page.path}
            side="right"
            sideOffset={8}
            className={tipClass}
            content={page.label}
          >
            {link}
          </Tip>
        );
      })}
    </nav>
  );
}

/** The workspace's nine pages of SPEC §2, each with its Ctrl/Cmd+digit shortcut. */
function WorkspaceNav({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: (() => void) | undefined;
}) {
  const { pathname } = useLocation();
  const mod = modifierLabel();
  const mailUnread = useEmailUnread();
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
            className={linkClass(current, collapsed)}
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
          <Tip
            key={item.path}
            side="right"
            sideOffset={8}
            className={tipClass}
            content={
              <>
                {item.label}
                {unread > 0 && ` · ${unreadLabel}`} ({mod}
                {item.key})
              </>
            }
          >
            {link}
          </Tip>
        );
      })}
    </nav>
  );
}

/** Workspace sidebar: 256px expanded, 64px collapsed (SPEC §9). */
export function Sidebar({
  expanded,
  clientInterface = false,
}: {
  expanded: boolean;
  clientInterface?: boolean;
}) {
  return (
    <aside
      data-testid="sidebar"
      data-state={expanded ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-14 hidden h-[calc(100vh-3.5rem)] shrink-0 overflow-y-auto border-r bg-background transition-[width] md:block',
        expanded ? 'w-[256px]' : 'w-[64px]',
      )}
    >
      <SidebarNav collapsed={!expanded} clientInterface={clientInterface} />
    </aside>
  );
}
