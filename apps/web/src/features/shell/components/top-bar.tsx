import { PanelLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';

/** The top bar (SPEC §2): mark and name, palette trigger, status, bell, user menu. */
export function TopBar({
  sidebarOpen,
  onToggleSidebar,
  modifier,
  search,
  status,
  actions,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  modifier: string;
  search: ReactNode;
  status: ReactNode;
  actions: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-2 backdrop-blur sm:gap-3 sm:px-3">
      <Button
        variant="ghost"
        size="icon"
        className="shrink-0"
        aria-label="Toggle sidebar"
        aria-expanded={sidebarOpen}
        aria-keyshortcuts="Control+B Meta+B"
        title={`Toggle sidebar (${modifier}B)`}
        onClick={onToggleSidebar}
      >
        <PanelLeft aria-hidden="true" />
      </Button>
      <Link to="/app/dashboard" className="flex shrink-0 items-center gap-2 font-semibold">
        <span
          aria-hidden="true"
          className="inline-flex size-7 items-center justify-center rounded-md bg-primary text-sm text-primary-foreground"
        >
          K
        </span>
        <span className="hidden sm:inline">Kaleido</span>
        <span className="sr-only sm:hidden">Kaleido</span>
      </Link>
      <div className="flex min-w-0 flex-1 justify-end sm:justify-center">{search}</div>
      <div className="shrink-0">{status}</div>
      <div className="flex shrink-0 items-center gap-1">{actions}</div>
    </header>
  );
}
