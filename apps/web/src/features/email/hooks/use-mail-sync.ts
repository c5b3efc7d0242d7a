import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mailKeys } from '../../../lib/api/mail';
import { eventData, realtime } from '../../../lib/realtime';

/**
 * New mail (`mail.received`) and changes made in another tab (`mail.changed`) refresh the
 * folders, the lists and the open thread at once.
 */
export function useMailSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      realtime.onEvent((message) => {
        if (!eventData(message, 'mail.received') && !eventData(message, 'mail.changed')) return;
        void queryClient.invalidateQueries({ queryKey: mailKeys.counts });
        void queryClient.invalidateQueries({ queryKey: mailKeys.lists });
        void queryClient.invalidateQueries({ queryKey: ['mail', 'message'] });
      }),
    [queryClient],
  );
}
