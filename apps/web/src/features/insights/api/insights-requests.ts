import type { InsightKind, InsightPeriod } from '@kaleido/shared/insights/insights.constants';
import type {
  AnalysisSettings,
  AnalysisSettingsBody,
  DerivedDataDeleted,
} from '@kaleido/shared/insights/insights.schemas';
import type { InsightDetail, InsightList } from '@kaleido/shared/insights/insight-cards.schemas';
import type {
  DisputeBody,
  Dispute,
  DisputeList,
} from '@kaleido/shared/insights/personal-model.schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const insightKeys = {
  all: ['insights'] as const,
  list: ['insights', 'list'] as const,
  settings: ['insights', 'settings'] as const,
  disputes: ['insights', 'disputes'] as const,
  detail: (kind: InsightKind, period: InsightPeriod | undefined) =>
    ['insights', 'detail', kind, period ?? null] as const,
};

export const insightsQuery = () =>
  queryOptions({
    queryKey: insightKeys.list,
    queryFn: () => api.get<InsightList>('/api/insights'),
  });

export const insightDetailQuery = (kind: InsightKind, period: InsightPeriod | undefined) =>
  queryOptions({
    queryKey: insightKeys.detail(kind, period),
    queryFn: () =>
      api.get<InsightDetail>(
        `/api/insights/${encodeURIComponent(kind)}${period ? `?period=${period}` : ''}`,
      ),
    placeholderData: (previous) => previous,
  });

/** 'This doesn't fit me': hides the card, records why, teaches the personal model. */
export const disputeInsight = (body: DisputeBody) =>
  api.post<Dispute>('/api/insights/disputes', body);

/** The person's hidden insights ("Hidden insights"). */
export const hiddenInsightsQuery = () =>
  queryOptions({
    queryKey: insightKeys.disputes,
    queryFn: () => api.get<DisputeList>('/api/insights/disputes'),
  });

/** Restore: the card shows again, and its words count again in the personal model. */
export const restoreInsight = (id: string) => api.delete<unknown>(`/api/insights/disputes/${id}`);

export const insightSettingsQuery = () =>
  queryOptions({
    queryKey: insightKeys.settings,
    queryFn: () => api.get<AnalysisSettings>('/api/insights/settings'),
  });

export const updateInsightSettings = (body: AnalysisSettingsBody) =>
  api.patch<AnalysisSettings>('/api/insights/settings', body);

/** Everything derived from the person's data goes; what they wrote stays. */
export const deleteDerivedData = () => api.delete<DerivedDataDeleted>('/api/insights/derived');
