import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { careKeys } from '../api/care-requests';
import { eventData, realtime } from '../../../lib/realtime';

/**
 * Keeps every care view current: an invitation, an answer, an end or a consent change arrives as
 * `care.changed` on both users' rooms. A professional's open page refetches and, when consent was
 * revoked, loses what is no longer shared (the server answers 404).
 */
export function useCareSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      realtime.onEvent((message) => {
        if (!eventData(message, 'care.changed')) return;
        void queryClient.invalidateQueries({ queryKey: careKeys.all });
      }),
    [queryClient],
  );
}
