import type { Call, CallConfig, CallList } from '@kaleido/shared/calls/calls.schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

/** Calls (docs/api/calls.md): the history, one call, and the STUN/TURN servers. */
export const callKeys = {
  all: ['calls'] as const,
  history: ['calls', 'history'] as const,
  config: ['calls', 'config'] as const,
};

export function callHistoryQuery() {
  return queryOptions({
    queryKey: callKeys.history,
    queryFn: () => api.get<CallList>('/api/calls'),
  });
}

export function fetchCall(id: string): Promise<Call> {
  return api.get<Call>(`/api/calls/${encodeURIComponent(id)}`);
}

export function callConfigQuery() {
  return queryOptions({
    queryKey: callKeys.config,
    queryFn: () => api.get<CallConfig>('/api/calls/config'),
    staleTime: Infinity,
  });
}
