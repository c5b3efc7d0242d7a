import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';
import { describe, expect, it } from 'vitest';
import { getUiState, uiActions, UI_STORE_KEY } from './ui-store';

function notification(id: number): Notification {
  return {
    id: `n${id}`,
    type: 'chat',
    title: `Title ${id}`,
    message: 'Message',
    read: false,
    link: null,
    createdAt: new Date(2026, 0, 1, 0, id).toISOString(),
  };
}

function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(UI_STORE_KEY) ?? '{}') as Record<string, unknown>;
}

describe('UI store (SPEC §3, §4, §9)', () => {
  it('keeps the newest 50 notifications, newest first, each id once', () => {
    uiActions.resetForSignOut();
    for (let i = 1; i <= 55; i += 1) uiActions.addNotification(notification(i));
    uiActions.addNotification(notification(55));
    const ids = getUiState().notifications.map((n) => n.id);
    expect(ids).toHaveLength(50);
    expect(ids[0]).toBe('n55');
    expect(ids.at(-1)).toBe('n6');
  });

  it('marks one read, all read, and clears', () => {
    uiActions.resetForSignOut();
    uiActions.addNotification(notification(1));
    uiActions.addNotification(notification(2));
    uiActions.markNotificationsRead(['n1']);
    expect(getUiState().notifications.map((n) => n.read)).toEqual([false, true]);
    uiActions.markNotificationsRead();
    expect(getUiState().notifications.every((n) => n.read)).toBe(true);
    uiActions.clearNotifications();
    expect(getUiState().notifications).toEqual([]);
  });

  it('keeps the 20 newest recent activities', () => {
    uiActions.resetForSignOut();
    for (let i = 1; i <= 25; i += 1) uiActions.recordActivity('chat', `Activity ${i}`);
    const titles = getUiState().recentActivities.map((a) => a.title);
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe('Activity 25');
  });

  it('persists modality, notifications and activities under one key, not drawer or palette', () => {
    uiActions.resetForSignOut();
    uiActions.setActiveModality('journal');
    uiActions.toggleCommandPalette(true);
    uiActions.toggleDrawer('upload');
    const saved = stored();
    expect(saved.activeModality).toBe('journal');
    expect(saved).not.toHaveProperty('isCommandPaletteOpen');
    expect(saved).not.toHaveProperty('isDrawerOpen');
    expect(saved).not.toHaveProperty('drawerContent');
  });

  it('toggles the drawer, replaces its content, and clears it on close', () => {
    uiActions.resetForSignOut();
    uiActions.toggleDrawer();
    expect(getUiState()).toMatchObject({ isDrawerOpen: true, drawerContent: 'none' });
    uiActions.toggleDrawer('filters');
    expect(getUiState()).toMatchObject({ isDrawerOpen: true, drawerContent: 'filters' });
    uiActions.toggleDrawer('participants');
    expect(getUiState().drawerContent).toBe('participants');
    uiActions.toggleDrawer();
    expect(getUiState()).toMatchObject({ isDrawerOpen: false, drawerContent: 'none' });
  });
});
