import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('page title', () => {
  it('names the page, after the unread count', () => {
    expect(pageTitle('/app/journal/text/new', 0)).toBe('Journal · Kaleido');
    expect(pageTitle('/app/voice-notes', 3)).toBe('(3) Voice Notes · Kaleido');
    expect(pageTitle('/app/chat/abc', 250)).toBe('(99+) Chat · Kaleido');
    expect(pageTitle('/client', 0)).toBe('Client interface · Kaleido');
    expect(pageTitle('/admin/users', 1)).toBe('(1) Administration · Kaleido');
    expect(pageTitle('/app/unknown', 0)).toBe('Kaleido');
  });
});
