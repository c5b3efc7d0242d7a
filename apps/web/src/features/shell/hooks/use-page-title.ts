import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useUiState } from '../../../lib/ui-store';
import { pageTitle } from '../page-title';

/** Keeps the tab title on the page and the unread notifications (SPEC §3 notifications). */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  const unread = useUiState((s) => s.notifications.filter((n) => !n.read).length);
  useEffect(() => {
    document.title = pageTitle(pathname, unread);
  }, [pathname, unread]);
}
