import type { Conversation } from '@kaleido/shared/chat/chat.schemas';
import { useEffect } from 'react';

/** While chat is open, the tab title leads with the unread message count, e.g. '(3) Kaleido'. */
export function useUnreadTitle(conversations: Conversation[] | undefined): void {
  const unread = conversations?.reduce((sum, c) => sum + c.unread_count, 0) ?? 0;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\+?\)\s*/, '');
    document.title = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${base}` : base;
    return () => {
      document.title = base;
    };
  }, [unread]);
}
