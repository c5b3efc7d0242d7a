import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

/** The console's overview counts (GET /api/admin/overview, docs/api/admin.md). */
export interface AdminOverview {
  totalUsers: number;
  administrators: number;
  activeClients: number;
  pendingAccessRequests: number;
  activeSessions: number;
  jobsWaiting: number;
}

export const adminKeys = {
  overview: ['admin', 'overview'] as const,
};

export function adminOverviewQuery() {
  return queryOptions({
    queryKey: adminKeys.overview,
    queryFn: () => api.get<AdminOverview>('/api/admin/overview'),
  });
}
