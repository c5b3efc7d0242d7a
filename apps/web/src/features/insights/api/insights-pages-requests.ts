import type { PersonalModel } from '@kaleido/shared/insights/personal-model.schemas';
import type { PersonalityOverview, PersonalityResult } from '@kaleido/shared/insights/personality';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under `['insights', …]`, so the dashboard's realtime sync refetches these too. */
export const insightPageKeys = {
  model: ['insights', 'model'] as const,
  personality: ['insights', 'personality'] as const,
};

export const personalModelQuery = () =>
  queryOptions({
    queryKey: insightPageKeys.model,
    queryFn: () => api.get<PersonalModel>('/api/insights/model'),
  });

export const personalityQuery = () =>
  queryOptions({
    queryKey: insightPageKeys.personality,
    queryFn: () => api.get<PersonalityOverview>('/api/insights/personality'),
  });

/** The 50 answers (1..5, in the questionnaire's order); the server scores and keeps them. */
export const submitPersonality = (answers: number[]) =>
  api.post<PersonalityResult>('/api/insights/personality', { answers });
