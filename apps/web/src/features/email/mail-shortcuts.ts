/** What a mail shortcut does (c compose, r reply, e archive, # delete, j/k next/previous). */
export type MailShortcut =
  | { kind: 'compose' }
  | { kind: 'open'; id: string }
  | { kind: 'reply'; id: string }
  | { kind: 'act'; id: string; action: 'archive' | 'trash' };

export interface MailShortcutState {
  /** A folder is shown (not compose). */
  inFolder: boolean;
  /** The listed messages, in order. */
  ids: readonly string[];
  /** The message open in the reader, if any. */
  openId: string | null;
}

export interface ShortcutKey {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

const isTyping = (target: EventTarget | null) =>
  typeof HTMLElement !== 'undefined' &&
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The shortcut a key press means here, or null: never while typing or with a modifier; only
 * `c` on the compose page; r, e and # need an open message; j/k move from the open one (the
 * first message when none is open).
 */
export function mailShortcut(event: ShortcutKey, state: MailShortcutState): MailShortcut | null {
  if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return null;
  if (event.key === 'c') return { kind: 'compose' };
  if (!state.inFolder) return null;
  const { openId, ids } = state;
  if (event.key === 'j' || event.key === 'k') {
    const index = openId ? ids.indexOf(openId) : -1;
    const next = ids[event.key === 'j' ? index + 1 : Math.max(index - 1, 0)];
    return next && next !== openId ? { kind: 'open', id: next } : null;
  }
  if (!openId) return null;
  if (event.key === 'r') return { kind: 'reply', id: openId };
  if (event.key === 'e') return { kind: 'act', id: openId, action: 'archive' };
  if (event.key === '#') return { kind: 'act', id: openId, action: 'trash' };
  return null;
}
