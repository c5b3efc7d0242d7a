import { useEffect, useRef } from 'react';
import { mailShortcut, type MailShortcut, type MailShortcutState } from '../mail-shortcuts';

/** Listens for the mail shortcuts (see `mailShortcut`) and hands each to `run`. */
export function useEmailShortcuts(state: MailShortcutState, run: (shortcut: MailShortcut) => void) {
  // The latest state and handler, so the listener is added once.
  const latest = useRef({ state, run });
  latest.current = { state, run };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = mailShortcut(event, latest.current.state);
      if (!shortcut) return;
      if (shortcut.kind === 'compose') event.preventDefault();
      latest.current.run(shortcut);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
