import type {
  Call,
  CallConfig,
  CallList,
  CallTranscript,
  CallTranscriptLine,
} from '@kaleido/shared/calls/calls.schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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

export const transcriptKey = (callId: string) => ['calls', 'transcript', callId] as const;

/** Both people's lines of a call's transcript (404 for anyone else). */
export function callTranscriptQuery(callId: string) {
  return queryOptions({
    queryKey: transcriptKey(callId),
    queryFn: () => api.get<CallTranscript>(`/api/calls/${encodeURIComponent(callId)}/transcript`),
    // Pieces are transcribed in the background: look again while some are.
    refetchInterval: (query) =>
      query.state.data?.lines.some((line) => line.status === 'pending') ? 3_000 : false,
  });
}

/** One recorded piece of this side's own microphone (refused unless both agreed). */
export function uploadTranscriptSegment(callId: string, audio: Blob, durationMs: number) {
  const form = new FormData();
  form.append('durationMs', String(Math.max(1, Math.round(durationMs))));
  form.append('file', audio, 'piece.webm');
  return api.post<CallTranscriptLine>(
    `/api/calls/${encodeURIComponent(callId)}/transcript/segments`,
    form,
  );
}

export const editTranscriptLine = (callId: string, lineId: string, text: string) =>
  api.patch<CallTranscriptLine>(
    `/api/calls/${encodeURIComponent(callId)}/transcript/lines/${encodeURIComponent(lineId)}`,
    { text },
  );
