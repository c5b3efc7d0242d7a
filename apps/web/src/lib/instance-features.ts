import {
  DEFAULT_FEATURE_TOGGLES,
  type FeatureToggle,
  type FeatureToggles,
} from '@kaleido/shared/admin/admin.constants';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const instanceFeaturesKey = ['instance', 'features'] as const;

interface InstanceFeatures {
  features: FeatureToggles;
  complianceMode: string;
}

/**
 * The instance's feature toggles (GET /api/instance/features): what is off is hidden. While they
 * load, the spec's defaults apply; the server refuses what is off whatever the page shows.
 */
export function useInstanceFeatures(): FeatureToggles {
  const { data } = useQuery({
    queryKey: instanceFeaturesKey,
    queryFn: () => api.get<InstanceFeatures>('/api/instance/features'),
    staleTime: 60_000,
  });
  return data?.features ?? DEFAULT_FEATURE_TOGGLES;
}

/** Whether one feature is on for this instance. */
export function useFeature(feature: FeatureToggle): boolean {
  return useInstanceFeatures()[feature];
}
