import { LetterAvatar } from '../../../components/ui/avatar';
import { Spinner } from '../../../components/ui/spinner';
import { DrawerToggle } from '../../../features/drawers/components/drawer-toggle';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import { PaletteTrigger } from '../../../features/palette/components/palette-trigger';
import { OnlineIndicator } from '../../../features/shell/components/online-indicator';
import { PageHeader } from '../../../features/shell/components/page-header';
import { Sidebar } from '../../../features/shell/components/sidebar';
import { TopBar } from '../../../features/shell/components/top-bar';

/** A menu trigger as its stand-in draws it, with an empty avatar: the frame names nobody. */
function AvatarStandIn({ label, large }: { label: string; large?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      className="rounded-full"
    >
      <LetterAvatar letters="" large={large} />
    </button>
  );
}

/**
 * The signed-in shell's first frame, rendered by the build (src/first-paint.tsx) for the server
 * to send a signed-in visitor before any script has run (decision 037): the same top bar, sidebar
 * and main area as AppShell (shell-routes.tsx), with the page as it looks while it loads — the
 * dashboard's heading, a stand-in for the greeting and its spinner, or the shell's spinner for
 * any other page. Nothing in it is the person's: no name, no initials, no counts.
 */
export function ShellFrame({ expanded, page }: { expanded: boolean; page: 'dashboard' | 'other' }) {
  const modifier = 'Ctrl+';
  return (
    <>
      <a href="#main" className="sr-only">
        Skip to content
      </a>
      <TopBar
        sidebarOpen={expanded}
        onToggleSidebar={() => undefined}
        modifier={modifier}
        search={<PaletteTrigger modifier={modifier} />}
        status={<OnlineIndicator />}
        actions={
          <>
            <NotificationBell />
            <DrawerToggle />
            <AvatarStandIn label="Open user menu" />
          </>
        }
      />
      <div className="flex">
        <Sidebar expanded={expanded} />
        <main className="min-w-0 flex-1 p-4 outline-none md:p-6">
          {page === 'dashboard' ? (
            <>
              <PageHeader
                title="Dashboard"
                subtitle={<span className="inline-block h-4 w-40 rounded bg-muted align-middle" />}
                account={<AvatarStandIn label="Open account menu" large />}
              />
              <Spinner label="Loading your dashboard" />
            </>
          ) : (
            <Spinner />
          )}
        </main>
      </div>
    </>
  );
}
