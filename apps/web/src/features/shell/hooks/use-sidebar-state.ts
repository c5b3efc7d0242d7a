import { useCallback, useEffect, useState } from 'react';

/** Cookie that remembers the sidebar for 7 days (SPEC §4, §9). */
export const SIDEBAR_COOKIE = 'sidebar:state';
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const MOBILE_BREAKPOINT = 768;

function readExpanded(): boolean {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${SIDEBAR_COOKIE}=`));
  return match ? match.slice(SIDEBAR_COOKIE.length + 1) !== 'false' : true;
}

export function useIsMobile(): boolean {
  const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;
  const [mobile, setMobile] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMobile(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return mobile;
}

/**
 * Expanded or collapsed on wide screens (saved in the cookie); open or closed as a sheet on
 * narrow ones. Ctrl/Cmd+B toggles whichever applies.
 */
export function useSidebarState() {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(readExpanded);
  const [sheetOpen, setSheetOpen] = useState(false);

  const setExpandedAndSave = useCallback((next: boolean) => {
    setExpanded(next);
    document.cookie = `${SIDEBAR_COOKIE}=${String(next)}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setSheetOpen((open) => !open);
    else setExpandedAndSave(!expanded);
  }, [isMobile, expanded, setExpandedAndSave]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'b' && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { isMobile, expanded, sheetOpen, setSheetOpen, toggle };
}
