import { Search } from 'lucide-react';
import { uiActions } from '../../../lib/ui-store';

/** The top bar's search button that opens the command palette. */
export function PaletteTrigger({ modifier }: { modifier: string }) {
  return (
    <button
      type="button"
      onClick={() => uiActions.toggleCommandPalette(true)}
      aria-keyshortcuts="Control+K Meta+K"
      className="flex h-9 w-full max-w-md items-center gap-2 rounded-md border bg-muted px-3 text-sm text-muted-foreground hover:bg-accent"
    >
      <Search className="size-4" aria-hidden="true" />
      <span className="flex-1 truncate text-left">Search or run a command…</span>
      <kbd className="hidden text-xs sm:inline">{modifier}K</kbd>
    </button>
  );
}
