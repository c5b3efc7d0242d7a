import type { DashboardSummary } from '@kaleido/shared/dashboard/dashboard.schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: ['dashboard', 'summary'] as const,
};

export const fetchDashboard = () => api.get<DashboardSummary>('/api/dashboard');

export const dashboardQuery = () =>
  queryOptions({ queryKey: dashboardKeys.summary, queryFn: fetchDashboard });
