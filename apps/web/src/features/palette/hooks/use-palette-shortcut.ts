import { useEffect } from 'react';
import { uiActions } from '../../../lib/ui-store';

/** Cmd/Ctrl+K opens and closes the command palette (SPEC §2), before its module has arrived too. */
export function usePaletteShortcut(): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        uiActions.toggleCommandPalette();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
