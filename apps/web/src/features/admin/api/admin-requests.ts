import type {
  AdminRelationshipPage,
  AdminUserDetail,
  AdminUserPage,
  AdminUserRow,
  AuditPage,
  Cohort,
  CreateAccountBody,
  InstanceSettingsPatch,
  ProposeRelationshipBody,
} from '@kaleido/shared/admin/admin.schemas';
import type { ResearchAggregates } from '@kaleido/shared/admin/research.schemas';
import type { FeatureToggles } from '@kaleido/shared/admin/admin.schemas';
import type { Role } from '@kaleido/shared/roles/roles';
import type { SystemSettings } from '@kaleido/shared/settings/settings.schemas';
import { queryOptions } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';

/** The console's overview counts (GET /api/admin/overview, docs/api/admin.md). */
export interface AdminOverview {
  totalUsers: number;
  administrators: number;
  activeClients: number;
  pendingAccessRequests: number;
  activeSessions: number;
  jobsWaiting: number;
}

export interface HealthSample {
  at: string;
  requests: number;
  errors: number;
  avgLatencyMs: number | null;
}

/** GET /api/admin/health. */
export interface AdminHealth {
  database: {
    kind: string;
    sizeBytes: number | null;
    pingMs: number;
    migrationsApplied: number | null;
  };
  mail: { mode: string };
  transcription: { engine: string | null; available: boolean; queue: unknown };
  analysis: { queue: number };
  realtime: { connections: number };
  /** Server instances running on this database (1 on the embedded database). */
  instances: number;
  requests: {
    total: number;
    serverErrors: number;
    errorRate: number;
    avgLatencyMs: number | null;
  };
  history: HealthSample[];
}

export interface InstanceSettings {
  system: SystemSettings;
  features: FeatureToggles;
}

export interface RetentionReport {
  cutoff: string;
  retentionDays: number;
  counts: Record<string, number>;
}

/** A query string from the defined, non-empty values. */
export function toSearch(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  health: ['admin', 'health'] as const,
  users: (search: string) => ['admin', 'users', search] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  relationships: (search: string) => ['admin', 'relationships', search] as const,
  audit: (search: string) => ['admin', 'audit', search] as const,
  settings: ['admin', 'settings'] as const,
  retention: ['admin', 'retention'] as const,
  research: (search: string) => ['admin', 'research', search] as const,
};

export function adminOverviewQuery() {
  return queryOptions({
    queryKey: adminKeys.overview,
    queryFn: () => api.get<AdminOverview>('/api/admin/overview'),
  });
}

export const adminApi = {
  health: () => api.get<AdminHealth>('/api/admin/health'),
  users: (search: string) => api.get<AdminUserPage>(`/api/admin/users${search}`),
  user: (id: string) => api.get<AdminUserDetail>(`/api/admin/users/${id}`),
  createUser: (body: CreateAccountBody) => api.post<AdminUserRow>('/api/admin/users', body),
  changeRole: (id: string, role: Role) =>
    api.put<AdminUserRow>(`/api/admin/users/${id}/role`, { role }),
  setCohort: (id: string, cohort: Cohort | null) =>
    api.put<AdminUserRow>(`/api/admin/users/${id}/cohort`, { cohort }),
  disable: (id: string) => api.post<AdminUserRow>(`/api/admin/users/${id}/disable`),
  enable: (id: string) => api.post<AdminUserRow>(`/api/admin/users/${id}/enable`),
  signOut: (id: string) => api.post<{ sessionsEnded: number }>(`/api/admin/users/${id}/sign-out`),
  resendVerification: (id: string) =>
    api.post<{ sent: boolean }>(`/api/admin/users/${id}/resend-verification`),
  remove: (id: string) => api.delete<{ ok: true }>(`/api/admin/users/${id}`),
  relationships: (search: string) =>
    api.get<AdminRelationshipPage>(`/api/admin/relationships${search}`),
  propose: (body: ProposeRelationshipBody) =>
    api.post<{ id: string }>('/api/admin/relationships', body),
  endRelationship: (id: string) => api.delete<{ ok: true }>(`/api/admin/relationships/${id}`),
  audit: (search: string) => api.get<AuditPage>(`/api/admin/audit${search}`),
  settings: () => api.get<InstanceSettings>('/api/admin/settings'),
  changeSettings: (patch: InstanceSettingsPatch) =>
    api.patch<InstanceSettings>('/api/admin/settings', patch),
  retentionPreview: () => api.get<RetentionReport>('/api/admin/retention/preview'),
  runRetention: () => api.post<RetentionReport>('/api/admin/retention/run'),
  research: (search: string) =>
    api.get<ResearchAggregates>(`/api/admin/research/aggregates${search}`),
  researchExport: (search: string) => apiDownload(`/api/admin/research/export${search}`),
};
