import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { uiActions } from '../../../lib/ui-store';
import { NAV_ITEMS } from '../nav-items';

/** Ctrl/Cmd+1…9 open the sidebar pages; Ctrl/Cmd+N opens the new chat dialog (SPEC §2 Help). */
export function useNavigationShortcuts(): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
      const item = NAV_ITEMS.find((i) => i.key === event.key);
      if (item) {
        event.preventDefault();
        uiActions.setActiveModality(item.modality);
        void navigate(item.path);
      } else if (event.key.toLowerCase() === 'n') {
        event.preventDefault();
        uiActions.setActiveModality('chat');
        void navigate('/app/chat/new?new=true');
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}
