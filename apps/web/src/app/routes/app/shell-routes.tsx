import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { IncomingCall } from '../../../features/calls/components/incoming-call';
import { LazyOverlay } from '../../../components/ui/lazy-overlay';
import { DrawerToggle } from '../../../features/drawers/components/drawer-toggle';
import { useInactivityTimeout } from '../../../features/inactivity/hooks/use-inactivity-timeout';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import { useNotificationsSync } from '../../../features/notifications/hooks/use-notifications-sync';
import { PaletteTrigger } from '../../../features/palette/components/palette-trigger';
import { usePaletteShortcut } from '../../../features/palette/hooks/use-palette-shortcut';
import { OnlineIndicator } from '../../../features/shell/components/online-indicator';
import { Sidebar } from '../../../features/shell/components/sidebar';
import { TopBar } from '../../../features/shell/components/top-bar';
import { UserMenu } from '../../../features/shell/components/user-menu';
import { useAppearanceSync } from '../../../features/shell/hooks/use-appearance-sync';
import { useNavigationShortcuts } from '../../../features/shell/hooks/use-navigation-shortcuts';
import { usePageTitle } from '../../../features/shell/hooks/use-page-title';
import { useRealtimeConnection } from '../../../features/shell/hooks/use-realtime-connection';
import { useSidebarState } from '../../../features/shell/hooks/use-sidebar-state';
import { modifierLabel } from '../../../features/shell/nav-items';
import { lazyPart } from '../../../lib/lazy-part';
import { queryClient } from '../../../lib/query-client';
import { effectiveInterface } from '../../../lib/interfaces';
import { useFirstPaintHandoff, useSession } from '../../../lib/session';
import { useUiState } from '../../../lib/ui-store';
import { RouteGuard } from '../../route-guard';

// The shell's overlays are not part of its first paint: each loads when the browser is idle after
// the page has loaded, or at once when it is opened (decision 034).
const palette = lazyPart(() => import('../../../features/palette/components/command-palette'));
const drawer = lazyPart(() => import('../../../features/drawers/components/context-drawer'));
const sheet = lazyPart(() => import('../../../features/shell/components/sidebar-sheet'));

/**
 * Removes the server's pre-rendered frame of the shell (decision 037) in the frame the page is
 * first drawn in its place: it sits beside the page inside the page's Suspense boundary, so it
 * commits only once the page's chunk has arrived, never while the spinner stands in for it.
 */
function PageDrawn() {
  useFirstPaintHandoff(true);
  return null;
}

/** The signed-in workspace: top bar, sidebar, the page, and the shell's overlays. */
function AppShell() {
  const sidebar = useSidebarState();
  const modifier = modifierLabel();
  const paletteOpen = useUiState((s) => s.isCommandPaletteOpen);
  const drawerOpen = useUiState((s) => s.isDrawerOpen);
  const sheetOpen = sidebar.isMobile && sidebar.sheetOpen;
  const { session } = useSession();
  const clientInterface = effectiveInterface(session) === 'client';
  usePaletteShortcut();
  useNavigationShortcuts();
  usePageTitle();
  useRealtimeConnection();
  useNotificationsSync();
  useInactivityTimeout();
  useAppearanceSync();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:p-2"
      >
        Skip to content
      </a>
      <TopBar
        sidebarOpen={sidebar.isMobile ? sidebar.sheetOpen : sidebar.expanded}
        onToggleSidebar={sidebar.toggle}
        modifier={modifier}
        search={<PaletteTrigger modifier={modifier} />}
        status={<OnlineIndicator />}
        actions={
          <>
            <NotificationBell />
            <DrawerToggle />
            <UserMenu />
          </>
        }
      />
      <div className="flex">
        <Sidebar expanded={sidebar.expanded} clientInterface={clientInterface} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
          <Suspense fallback={<Spinner />}>
            <Outlet />
            <PageDrawn />
          </Suspense>
        </main>
      </div>
      <LazyOverlay part={sheet} wanted={sheetOpen}>
        {(loaded) => (
          <loaded.SidebarSheet
            open={sheetOpen}
            onOpenChange={sidebar.setSheetOpen}
            clientInterface={clientInterface}
          />
        )}
      </LazyOverlay>
      <LazyOverlay part={palette} wanted={paletteOpen}>
        {(loaded) => <loaded.CommandPalette />}
      </LazyOverlay>
      <LazyOverlay part={drawer} wanted={drawerOpen}>
        {(loaded) => <loaded.ContextDrawer />}
      </LazyOverlay>
      <IncomingCall />
    </>
  );
}

const ALL_ROLES = ['user', 'client', 'admin'] as const;

/** /app/*: the workspace every role uses (SPEC §2). */
export function WorkspaceShellRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouteGuard allowedRoles={ALL_ROLES}>
        <AppShell />
      </RouteGuard>
    </QueryClientProvider>
  );
}

/** /client/*: the professionals' area; everyone else is moved to their own interface. */
export function ClientShellRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouteGuard allowedRoles={ALL_ROLES} requiredInterface="client">
        <AppShell />
      </RouteGuard>
    </QueryClientProvider>
  );
}

/** /admin/*: the admin console, for admins whose selected interface is admin. */
export function AdminShellRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouteGuard allowedRoles={ALL_ROLES} requiredInterface="admin">
        <AppShell />
      </RouteGuard>
    </QueryClientProvider>
  );
}
