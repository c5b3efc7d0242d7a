import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { settingsQuery } from '../../../lib/api/settings';
import { applyAppearance } from '../../../lib/appearance';

/** Applies the signed-in person's saved appearance app-wide (and for the next first paint). */
export function useAppearanceSync(): void {
  const { data } = useQuery({
    ...settingsQuery(),
    select: (settings) => settings.theme_settings,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (data) applyAppearance(data);
  }, [data]);
}
