import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';
import { useSyncExternalStore } from 'react';
import { NOTIFICATIONS_KEPT } from '@kaleido/shared/notifications/notifications.constants';
import { isModality, type Modality } from './modalities';

/** The spec's UI state (SPEC §3, §4), kept under one browser-storage key. */
export const UI_STORE_KEY = 'kaleido:ui';
export const RECENT_ACTIVITIES_KEPT = 20;

export type DrawerContent = 'upload' | 'participants' | 'filters' | 'settings' | 'none';

export interface RecentActivity {
  id: string;
  timestamp: string;
  type: Modality;
  title: string;
}

export interface UiState {
  activeModality: Modality;
  isDrawerOpen: boolean;
  drawerContent: DrawerContent;
  notifications: Notification[];
  isCommandPaletteOpen: boolean;
  recentActivities: RecentActivity[];
  /** The newest notification already announced by a toast (each id toasts once). */
  lastToastedNotificationId: string | null;
}

type PersistedState = Pick<
  UiState,
  'activeModality' | 'notifications' | 'recentActivities' | 'lastToastedNotificationId'
>;

const initialState: UiState = {
  activeModality: 'dashboard',
  isDrawerOpen: false,
  drawerContent: 'none',
  notifications: [],
  isCommandPaletteOpen: false,
  recentActivities: [],
  lastToastedNotificationId: null,
};

function readPersisted(): Partial<PersistedState> {
  try {
    const raw = globalThis.localStorage.getItem(UI_STORE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as Partial<PersistedState>;
    return {
      activeModality:
        typeof parsed.activeModality === 'string' && isModality(parsed.activeModality)
          ? parsed.activeModality
          : 'dashboard',
      notifications: Array.isArray(parsed.notifications)
        ? parsed.notifications.slice(0, NOTIFICATIONS_KEPT)
        : [],
      recentActivities: Array.isArray(parsed.recentActivities)
        ? parsed.recentActivities.slice(0, RECENT_ACTIVITIES_KEPT)
        : [],
      lastToastedNotificationId:
        typeof parsed.lastToastedNotificationId === 'string'
          ? parsed.lastToastedNotificationId
          : null,
    };
  } catch {
    return {};
  }
}

let state: UiState = { ...initialState, ...readPersisted() };
const listeners = new Set<() => void>();

function setState(update: (current: UiState) => Partial<UiState>): void {
  state = { ...state, ...update(state) };
  const persisted: PersistedState = {
    activeModality: state.activeModality,
    notifications: state.notifications,
    recentActivities: state.recentActivities,
    lastToastedNotificationId: state.lastToastedNotificationId,
  };
  try {
    globalThis.localStorage.setItem(UI_STORE_KEY, JSON.stringify(persisted));
  } catch {
    // Storage full or disabled: the state still works for this tab.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getUiState(): UiState {
  return state;
}

export function useUiState<T>(select: (s: UiState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(initialState),
  );
}

function newId(): string {
  return globalThis.crypto.randomUUID();
}

export const uiActions = {
  setActiveModality: (activeModality: Modality) => setState(() => ({ activeModality })),
  /** Opens the drawer with the given content, replaces it, or closes it (clearing content). */
  toggleDrawer: (content?: DrawerContent) =>
    setState((s) => {
      if (content && content !== 'none' && (!s.isDrawerOpen || s.drawerContent !== content)) {
        return { isDrawerOpen: true, drawerContent: content };
      }
      return s.isDrawerOpen
        ? { isDrawerOpen: false, drawerContent: 'none' }
        : { isDrawerOpen: true, drawerContent: 'none' };
    }),
  setDrawerContent: (drawerContent: DrawerContent) =>
    setState(() => ({ drawerContent, isDrawerOpen: true })),
  closeDrawer: () => setState(() => ({ isDrawerOpen: false, drawerContent: 'none' })),
  /** New notifications go to the front; the list keeps the newest 50, each id once. */
  addNotification: (notification: Notification) =>
    setState((s) => ({
      notifications: [
        notification,
        ...s.notifications.filter((n) => n.id !== notification.id),
      ].slice(0, NOTIFICATIONS_KEPT),
    })),
  replaceNotifications: (notifications: Notification[]) =>
    setState(() => ({ notifications: notifications.slice(0, NOTIFICATIONS_KEPT) })),
  markNotificationsRead: (ids?: string[]) =>
    setState((s) => ({
      notifications: s.notifications.map((n) =>
        ids === undefined || ids.includes(n.id) ? { ...n, read: true } : n,
      ),
    })),
  clearNotifications: () => setState(() => ({ notifications: [] })),
  markNotificationToasted: (id: string) => setState(() => ({ lastToastedNotificationId: id })),
  toggleCommandPalette: (open?: boolean) =>
    setState((s) => ({ isCommandPaletteOpen: open ?? !s.isCommandPaletteOpen })),
  recordActivity: (type: Modality, title: string) =>
    setState((s) => ({
      recentActivities: [
        { id: newId(), timestamp: new Date().toISOString(), type, title },
        ...s.recentActivities,
      ].slice(0, RECENT_ACTIVITIES_KEPT),
    })),
  /** On sign-out: nothing of one account may show to the next person on this browser. */
  resetForSignOut: () => setState(() => ({ ...initialState })),
};
