import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventData, realtime } from '../../../lib/realtime';
import { journalKeys } from '../../../lib/api/journal';

/**
 * Keeps every journal query of this tab current: an entry saved, transcribed or deleted in
 * another tab (or by the speech queue) arrives as `journal.entry.changed` on the user's room.
 */
export function useJournalSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      realtime.onEvent((message) => {
        const changed = eventData(message, 'journal.entry.changed');
        if (!changed) return;
        if (changed.change === 'deleted') {
          queryClient.removeQueries({ queryKey: journalKeys.entry(changed.entryId) });
        } else if (changed.entry) {
          queryClient.setQueryData<JournalEntry>(journalKeys.entry(changed.entryId), changed.entry);
        }
        void queryClient.invalidateQueries({ queryKey: journalKeys.lists });
        void queryClient.invalidateQueries({ queryKey: journalKeys.calendars });
        void queryClient.invalidateQueries({ queryKey: journalKeys.tags });
        void queryClient.invalidateQueries({ queryKey: journalKeys.history(changed.entryId) });
      }),
    [queryClient],
  );
}
