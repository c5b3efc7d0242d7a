import { Search } from 'lucide-react';
import { uiActions } from '../../../lib/ui-store';

/** The top bar's search button that opens the command palette; an icon below 640 px. */
export function PaletteTrigger({ modifier }: { modifier: string }) {
  return (
    <button
      type="button"
      onClick={() => uiActions.toggleCommandPalette(true)}
      aria-keyshortcuts="Control+K Meta+K"
      className="flex h-9 w-9 shrink-0 items-center justify-center gap-2 rounded-md border bg-muted text-sm text-muted-foreground hover:bg-accent sm:w-full sm:max-w-md sm:shrink sm:justify-start sm:px-3"
    >
      <Search className="size-4 shrink-0" aria-hidden="true" />
      <span className="sr-only sm:not-sr-only sm:flex-1 sm:truncate sm:text-left">
        Search or run a command…
      </span>
      <kbd className="hidden text-xs sm:inline">{modifier}K</kbd>
    </button>
  );
}
