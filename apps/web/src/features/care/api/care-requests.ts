import { infiniteQueryOptions } from '@tanstack/react-query';
import type {
  CareScope,
  InviteBody,
  Relationship,
  RelationshipsResponse,
} from '@kaleido/shared/care/care.schemas';
import type { CareAlert } from '@kaleido/shared/care/care-alerts.schemas';
import type { CareNote } from '@kaleido/shared/care/care-notes.schemas';
import type {
  CareDashboard,
  CarePerson,
  CarePersonInsights,
  CarePersonProfile,
  CarePersonSummary,
  MoodPoint,
  SharedEntry,
  SharedTranscript,
} from '@kaleido/shared/care/care-reads.schemas';
import type {
  AccessLogResponse,
  CareAccessWhat,
  ConsentHistoryResponse,
} from '@kaleido/shared/care/care-records.schemas';
import { api } from '../../../lib/api-client';

/**
 * What the person narrows their records to: one professional (an account, or a former one by the
 * name the records keep), one kind of read (the access log only), and instants `from` ≤ t < `to`.
 */
export interface CareLogFilters {
  professionalId?: string;
  formerProfessional?: string;
  what?: CareAccessWhat;
  from?: string;
  to?: string;
}

/** Lines of a record per page in Settings › Privacy ("Load more" brings the next ones). */
export const CARE_LOG_WEB_PAGE_SIZE = 25;

function logQuery(filters: CareLogFilters, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(CARE_LOG_WEB_PAGE_SIZE) });
  for (const [name, value] of Object.entries(filters))
    if (typeof value === 'string' && value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  return `?${params.toString()}`;
}

/** Care: relationships and consent (the person), and the professional's reads (/client). */
export const careKeys = {
  all: ['care'] as const,
  relationships: ['care', 'relationships'] as const,
  accessLog: (filters: CareLogFilters) => ['care', 'access-log', filters] as const,
  consentHistory: (filters: CareLogFilters) => ['care', 'consent-history', filters] as const,
  dashboard: ['care', 'dashboard'] as const,
  people: ['care', 'people'] as const,
  person: (id: string) => ['care', 'person', id] as const,
  profile: (id: string) => ['care', 'person', id, 'profile'] as const,
  insights: (id: string) => ['care', 'person', id, 'insights'] as const,
  mood: (id: string) => ['care', 'person', id, 'mood'] as const,
  entries: (id: string) => ['care', 'person', id, 'entries'] as const,
  transcripts: (id: string) => ['care', 'person', id, 'transcripts'] as const,
  notes: (id: string) => ['care', 'person', id, 'notes'] as const,
  alerts: (personId?: string) => ['care', 'alerts', personId ?? 'all'] as const,
};

export const careApi = {
  relationships: () => api.get<RelationshipsResponse>('/api/care/relationships'),
  /** Answered with one sentence, whether or not the address has an account (decision 045). */
  invite: (body: InviteBody) => api.post<{ message: string }>('/api/care/relationships', body),
  accept: (id: string) => api.post<{ ok: true }>(`/api/care/relationships/${id}/accept`, {}),
  decline: (id: string) => api.post<{ ok: true }>(`/api/care/relationships/${id}/decline`, {}),
  end: (id: string) => api.delete<{ ok: true }>(`/api/care/relationships/${id}`),
  setConsent: (id: string, scope: CareScope, granted: boolean, expiresAt: string | null) =>
    api.put<Relationship>(`/api/care/relationships/${id}/consents/${scope}`, {
      granted,
      expiresAt,
    }),
  accessLog: (filters: CareLogFilters, cursor: string | null) =>
    api.get<AccessLogResponse>(`/api/care/access-log${logQuery(filters, cursor)}`),
  consentHistory: (filters: CareLogFilters, cursor: string | null) =>
    api.get<ConsentHistoryResponse>(`/api/care/consent-history${logQuery(filters, cursor)}`),
  dashboard: () => api.get<CareDashboard>('/api/care/dashboard'),
  confirmEthicalUse: () => api.post<CareDashboard>('/api/care/ethical-use', {}),
  people: () => api.get<{ people: CarePersonSummary[] }>('/api/care/people'),
  person: (id: string) => api.get<CarePerson>(`/api/care/people/${id}`),
  profile: (id: string) => api.get<CarePersonProfile>(`/api/care/people/${id}/profile`),
  insights: (id: string) => api.get<CarePersonInsights>(`/api/care/people/${id}/insights`),
  mood: (id: string) => api.get<{ points: MoodPoint[] }>(`/api/care/people/${id}/mood`),
  entries: (id: string) => api.get<{ entries: SharedEntry[] }>(`/api/care/people/${id}/entries`),
  transcripts: (id: string) =>
    api.get<{ transcripts: SharedTranscript[] }>(`/api/care/people/${id}/transcripts`),
  notes: (id: string) => api.get<{ notes: CareNote[] }>(`/api/care/people/${id}/notes`),
  addNote: (id: string, content: string) =>
    api.post<CareNote>(`/api/care/people/${id}/notes`, { content }),
  updateNote: (noteId: string, content: string) =>
    api.patch<CareNote>(`/api/care/notes/${noteId}`, { content }),
  deleteNote: (noteId: string) => api.delete<{ ok: true }>(`/api/care/notes/${noteId}`),
  alerts: (personId?: string) =>
    api.get<{ alerts: CareAlert[] }>(
      `/api/care/alerts?status=current${personId ? `&personId=${personId}` : ''}`,
    ),
  answerAlert: (id: string, answer: 'acknowledge' | 'dismiss') =>
    api.post<{ ok: true }>(`/api/care/alerts/${id}/${answer}`, {}),
};

/** The person's access log, page after page (newest first). */
export const accessLogQuery = (filters: CareLogFilters) =>
  infiniteQueryOptions({
    queryKey: careKeys.accessLog(filters),
    queryFn: ({ pageParam }) => careApi.accessLog(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: (previous) => previous,
  });

/** The person's consent history, page after page (newest first). */
export const consentHistoryQuery = (filters: CareLogFilters) =>
  infiniteQueryOptions({
    queryKey: careKeys.consentHistory(filters),
    queryFn: ({ pageParam }) => careApi.consentHistory(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: (previous) => previous,
  });
