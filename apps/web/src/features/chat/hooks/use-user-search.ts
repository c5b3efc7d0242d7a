import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usersSearchQuery } from '../../../lib/api/users-search';
import { CHAT_ERRORS, toastChatError } from '../api/chat-toasts';

/** 'Find users': searches only non-empty text, after a 300 ms pause in typing (SPEC §5). */
export function useUserSearch(text: string) {
  const debounced = useDebouncedValue(text.trim());
  const query = useQuery({
    ...usersSearchQuery(debounced),
    enabled: debounced.length > 0,
    retry: false,
  });
  useEffect(() => {
    if (query.isError) toastChatError(CHAT_ERRORS.search);
  }, [query.isError]);
  return { query, pending: text.trim() !== debounced, searched: debounced };
}
