import { describe, expect, it } from 'vitest';
import { mailShortcut, type MailShortcutState } from './mail-shortcuts';

const press = (key: string, more: Partial<Parameters<typeof mailShortcut>[0]> = {}) => ({
  key,
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  target: null,
  ...more,
});
const list: MailShortcutState = { inFolder: true, ids: ['a', 'b', 'c'], openId: null };
const reading = { ...list, openId: 'b' };

describe('mail shortcuts', () => {
  it('c composes, from a folder or the compose page', () => {
    expect(mailShortcut(press('c'), list)).toEqual({ kind: 'compose' });
    expect(mailShortcut(press('c'), { ...list, inFolder: false })).toEqual({ kind: 'compose' });
    expect(mailShortcut(press('j'), { ...list, inFolder: false })).toBeNull();
  });

  it('j and k move through the list, starting at the first message', () => {
    expect(mailShortcut(press('j'), list)).toEqual({ kind: 'open', id: 'a' });
    expect(mailShortcut(press('k'), list)).toEqual({ kind: 'open', id: 'a' });
    expect(mailShortcut(press('j'), reading)).toEqual({ kind: 'open', id: 'c' });
    expect(mailShortcut(press('k'), reading)).toEqual({ kind: 'open', id: 'a' });
    // At the ends nothing happens.
    expect(mailShortcut(press('j'), { ...list, openId: 'c' })).toBeNull();
    expect(mailShortcut(press('k'), { ...list, openId: 'a' })).toBeNull();
    expect(mailShortcut(press('j'), { ...list, ids: [] })).toBeNull();
  });

  it('r, e and # act on the open message only', () => {
    expect(mailShortcut(press('r'), reading)).toEqual({ kind: 'reply', id: 'b' });
    expect(mailShortcut(press('e'), reading)).toEqual({ kind: 'act', id: 'b', action: 'archive' });
    expect(mailShortcut(press('#'), reading)).toEqual({ kind: 'act', id: 'b', action: 'trash' });
    for (const key of ['r', 'e', '#']) expect(mailShortcut(press(key), list)).toBeNull();
    expect(mailShortcut(press('x'), reading)).toBeNull();
  });

  it('stays out of the way while typing or with a modifier (Ctrl+C copies)', () => {
    const input = document.createElement('input');
    expect(mailShortcut(press('c', { target: input }), list)).toBeNull();
    expect(
      mailShortcut(press('c', { target: document.createElement('textarea') }), list),
    ).toBeNull();
    expect(mailShortcut(press('c', { ctrlKey: true }), list)).toBeNull();
    expect(mailShortcut(press('r', { metaKey: true }), reading)).toBeNull();
    expect(mailShortcut(press('e', { altKey: true }), reading)).toBeNull();
    expect(mailShortcut(press('c', { target: document.body }), list)).toEqual({ kind: 'compose' });
  });
});
