import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';
import { describe, expect, it } from 'vitest';
import { badgeText, isAlreadyInView, notificationTarget } from './notification-links';

const chat: Notification = {
  id: 'n1',
  type: 'chat',
  title: 'Ada',
  message: 'Hello',
  link: '/app/chat/c1',
  read: false,
  createdAt: '2026-11-24T10:00:00.000Z',
};

describe('notification links', () => {
  it('lead to their own link, else their modality', () => {
    expect(notificationTarget(chat)).toBe('/app/chat/c1');
    expect(notificationTarget({ ...chat, link: null })).toBe('/app/chat');
  });

  it('count 9+ above nine', () => {
    expect([badgeText(0), badgeText(3), badgeText(10)]).toEqual([null, '3', '9+']);
  });

  it('are in view only for a chat message in its open conversation, in a visible tab', () => {
    expect(isAlreadyInView(chat, { pathname: '/app/chat/c1', visible: true })).toBe(true);
    expect(isAlreadyInView(chat, { pathname: '/app/chat/c1', visible: false })).toBe(false);
    expect(isAlreadyInView(chat, { pathname: '/app/chat/c2', visible: true })).toBe(false);
    const signIn = { ...chat, type: 'settings' as const, link: '/app/profile/security' };
    expect(isAlreadyInView(signIn, { pathname: '/app/profile/security', visible: true })).toBe(
      false,
    );
    expect(isAlreadyInView({ ...chat, link: null }, { pathname: '/app/chat', visible: true })).toBe(
      false,
    );
  });
});
