import { useCallback, useRef } from 'react';

/**
 * For dialogs opened without a Radix Trigger (shortcuts, the store): remembers what had focus when
 * the dialog opened and gives focus back to it on close (pass as `onCloseAutoFocus`).
 */
export function useRestoreFocus(open: boolean): (event: Event) => void {
  const previous = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  // Read while rendering the opening: the dialog has not moved focus yet.
  if (open && !wasOpen.current) previous.current = document.activeElement;
  wasOpen.current = open;
  return useCallback((event: Event) => {
    event.preventDefault();
    if (previous.current instanceof HTMLElement) previous.current.focus();
  }, []);
}
