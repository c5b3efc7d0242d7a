import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { emailKeys } from '../../../lib/api/email';
import { eventData, realtime } from '../../../lib/realtime';

/**
 * New mail (`mail.received`) and changes made in another tab (`mail.changed`) refresh the
 * folders, the lists and the open thread at once.
 */
export function useEmailSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      realtime.onEvent((message) => {
        if (!eventData(message, 'mail.received') && !eventData(message, 'mail.changed')) return;
        void queryClient.invalidateQueries({ queryKey: emailKeys.counts });
        void queryClient.invalidateQueries({ queryKey: emailKeys.lists });
        void queryClient.invalidateQueries({ queryKey: ['mail', 'message'] });
      }),
    [queryClient],
  );
}
