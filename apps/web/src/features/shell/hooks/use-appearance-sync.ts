import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, isNotFound } from '../../../lib/api-client';
import { applyAppearance, type ThemeSettings } from '../../../lib/appearance';

/** The settings screen's theme key: it sets and invalidates it after saving a section. */
const THEME_QUERY_KEY = ['settings', 'theme'] as const;

async function fetchThemeSettings(): Promise<ThemeSettings | null> {
  try {
    const settings = await api.get<{ theme_settings?: ThemeSettings }>('/api/settings');
    return settings.theme_settings ?? null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Applies the signed-in person's saved appearance app-wide (and for the next first paint). */
export function useAppearanceSync(): void {
  const { data } = useQuery({
    queryKey: THEME_QUERY_KEY,
    queryFn: fetchThemeSettings,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (data) applyAppearance(data);
  }, [data]);
}
