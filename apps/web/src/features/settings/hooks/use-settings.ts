import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsResponse, SettingsSection } from '@kaleido/shared/settings/settings.schemas';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { applyAppearance } from '../../../lib/appearance';
import { profileKeys } from '../../../lib/api/profile';
import { settingsKeys, settingsQuery, updateSetting } from '../../../lib/api/settings';
import { SETTINGS_TOASTS } from '../settings-messages';

export function useSettings() {
  const query = useQuery(settingsQuery());
  useEffect(() => {
    if (query.isError)
      toast.error(SETTINGS_TOASTS.loadFailed.title, {
        description: SETTINGS_TOASTS.loadFailed.description,
      });
  }, [query.isError]);
  return query;
}

/**
 * Saves one key of one section at once (SPEC §4: disabled while saving). Each control owns its
 * mutation so only that control waits. Appearance applies as soon as the server has it, through
 * the same path the shell uses on load.
 */
export function useSaveSetting(section: SettingsSection) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Record<string, unknown>) => updateSetting(section, patch),
    onSuccess: (settings: SettingsResponse) => {
      // The shell's appearance sync reads the same entry, so it sees the new theme too.
      queryClient.setQueryData(settingsKeys.all, settings);
      if (section === 'theme_settings') applyAppearance(settings.theme_settings);
      if (section === 'profile_settings')
        void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(SETTINGS_TOASTS.saved.title, {
        description: SETTINGS_TOASTS.saved.description,
      });
    },
    onError: () => {
      toast.error(SETTINGS_TOASTS.saveFailed.title, {
        description: SETTINGS_TOASTS.saveFailed.description,
      });
    },
  });
}
