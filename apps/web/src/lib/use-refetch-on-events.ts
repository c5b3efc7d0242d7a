import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerEventName } from '@kaleido/shared/realtime/events';
import { realtime } from './realtime';

/** How long events are gathered before one refetch (a burst of messages is one request). */
const REFETCH_DELAY_MS = 300;

/**
 * Keeps a screen's server state live: each of `events` refetches the queries under each of
 * `queryKeys`, gathered so that a burst of events is one refetch. The lists must be constants
 * (the listener is set once per list).
 */
export function useRefetchOnEvents(
  events: readonly ServerEventName[],
  queryKeys: readonly QueryKey[],
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = realtime.onEvent((message) => {
      if (!events.includes(message.name)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
      }, REFETCH_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [queryClient, events, queryKeys]);
}
