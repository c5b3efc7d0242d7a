import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { DrawerContent } from '../../../lib/ui-store';

/** What a page puts in the context drawer, by the drawer's content names. */
export type PagePanels = Partial<Record<DrawerContent, ReactNode>>;

let pagePanels: PagePanels = {};
const panelListeners = new Set<() => void>();

function setPagePanels(panels: PagePanels): void {
  pagePanels = panels;
  for (const listener of panelListeners) listener();
}

/**
 * A page's own drawer contents (e.g. voice notes' filters, chat's upload), offered while the page
 * is mounted; a page offers only what works there. Pass a memoised object: each new object
 * replaces the panels. Kept apart from the drawer itself, which loads after the first paint.
 */
export function useDrawerPanels(panels: PagePanels): void {
  useEffect(() => {
    setPagePanels(panels);
    return () => {
      if (pagePanels === panels) setPagePanels({});
    };
  }, [panels]);
}

function subscribePanels(listener: () => void): () => void {
  panelListeners.add(listener);
  return () => panelListeners.delete(listener);
}

/** The panels the mounted page offers. */
export function useOfferedPanels(): PagePanels {
  return useSyncExternalStore(subscribePanels, () => pagePanels);
}
